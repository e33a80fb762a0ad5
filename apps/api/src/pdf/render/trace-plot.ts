/**
 * A stored trace (DESIGN.md, "Traces") drawn as vector graphics: the measured line, the step's
 * lower and upper limits as horizontal dashed lines, and axes with ticks in MHz and the unit.
 * The stored data holds no per-frequency limit lines (an Align step's lines live in the test, and
 * step results do not map one to one onto test steps), so only the result's limits are drawn.
 */
import { FAIL_COLOR, PASS_COLOR, StepResult, TraceData } from '@sweepline/domain';
import { Canvas, hexColor, TextStyle } from './canvas';
import { GREY, LEFT, RULE, WIDTH } from './flow';
import { Axis, decimate, niceAxis, tickLabel } from './axes';
import { formatResultValue } from './layout';

const LABEL: TextStyle = { size: 7.5, color: GREY };
const Y_LABELS = 44;
const FRAME_HEIGHT = 170;
/** Frame, x tick labels and the axis title. */
export const PLOT_HEIGHT = FRAME_HEIGHT + 30;
const TRACE = hexColor(PASS_COLOR);
const LIMIT = hexColor(FAIL_COLOR);

function limitsOf(step: StepResult | undefined): { name: string; value: number }[] {
  const limits: { name: string; value: number }[] = [];
  if (typeof step?.lower === 'number' && Number.isFinite(step.lower))
    limits.push({ name: 'Lower', value: step.lower });
  if (typeof step?.upper === 'number' && Number.isFinite(step.upper))
    limits.push({ name: 'Upper', value: step.upper });
  return limits;
}

function range(values: ArrayLike<number>, extra: readonly number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  for (const v of extra) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return [lo, hi];
}

/** The frequency axis with as many ticks as fit without their labels touching. */
function frequencyAxis(canvas: Canvas, lo: number, hi: number, width: number): Axis {
  for (let target = 8; ; target--) {
    const axis = niceAxis(lo, hi, target, false);
    const widest = Math.max(...axis.ticks.map((t) => canvas.measure(tickLabel(t, axis.decimals), LABEL)));
    const spacing =
      axis.ticks.length > 1 ? (width * (axis.ticks[1]! - axis.ticks[0]!)) / (axis.max - axis.min) : width;
    if (widest + 8 <= spacing || target <= 2) return axis;
  }
}

/** Draws the plot with its top at `top`; the caller has made room for PLOT_HEIGHT. */
export function drawTracePlot(
  canvas: Canvas,
  top: number,
  trace: TraceData,
  step: StepResult | undefined,
): void {
  const x0 = LEFT + Y_LABELS;
  const w = WIDTH - Y_LABELS - 4;
  const y0 = top - FRAME_HEIGHT;
  const h = FRAME_HEIGHT - 12;
  const { freqs_MHz: freqs, values } = trace;
  const limits = limitsOf(step);
  const xAxis = frequencyAxis(canvas, freqs[0]!, freqs[freqs.length - 1]!, w);
  const [lo, hi] = range(
    values,
    limits.map((l) => l.value),
  );
  const yAxis = niceAxis(lo, hi, 6, true);
  const px = (f: number) => x0 + ((f - xAxis.min) / (xAxis.max - xAxis.min)) * w;
  const py = (v: number) => y0 + ((v - yAxis.min) / (yAxis.max - yAxis.min)) * h;

  const grid: number[] = [];
  for (const t of xAxis.ticks) grid.push(px(t), y0, px(t), y0 + h);
  for (const t of yAxis.ticks) grid.push(x0, py(t), x0 + w, py(t));
  canvas.segments(grid, RULE, 0.4);
  canvas.segments(
    [x0, y0, x0 + w, y0, x0 + w, y0, x0 + w, y0 + h, x0 + w, y0 + h, x0, y0 + h, x0, y0 + h, x0, y0],
    GREY,
    0.7,
  );
  for (const t of xAxis.ticks) canvas.text(px(t), y0 - 10, tickLabel(t, xAxis.decimals), LABEL, 'center');
  for (const t of yAxis.ticks) canvas.text(x0 - 4, py(t) - 2.5, tickLabel(t, yAxis.decimals), LABEL, 'right');
  canvas.text(x0 + w / 2, y0 - 21, 'Frequency (MHz)', LABEL, 'center');
  if (step?.unit) canvas.text(x0 - 4, y0 + h + 7, step.unit, { ...LABEL, bold: true }, 'right');

  const points: number[] = [];
  for (const i of decimate(freqs, values, Math.ceil(w))) points.push(px(freqs[i]!), py(values[i]!));
  canvas.clipped(x0, y0, w, h, () => {
    for (const limit of limits) canvas.line(x0, py(limit.value), x0 + w, py(limit.value), LIMIT, 0.8, [4, 2]);
    if (points.length === 2)
      canvas.segments([points[0]! - 1.5, points[1]!, points[0]! + 1.5, points[1]!], TRACE, 1.5);
    else canvas.polyline(points, TRACE, 0.8);
  });
  for (const limit of limits) {
    canvas.text(
      x0 + w - 3,
      py(limit.value) + 2.5,
      `${limit.name} ${formatResultValue(limit.value)}`,
      { size: 7, color: LIMIT },
      'right',
    );
  }
}
