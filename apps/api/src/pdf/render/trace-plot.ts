/**
 * A stored trace (docs/requirements/storage.md#traces) drawn as vector graphics: the measured line, the step's
 * limits as dashed lines with their failing side shaded (plot-frame.ts), and axes with ticks in
 * MHz and the plotted unit.
 */
import type { StepResult, TraceData } from '@sweepline/domain';
import { FAIL_COLOR, PASS_COLOR } from '@sweepline/domain';
import type { Canvas, Color, TextStyle } from './canvas';
import { hexColor } from './canvas';
import { GREY, LEFT, RULE, WIDTH } from './flow';
import type { Axis } from './axes';
import { decimate, niceAxis, tickLabel } from './axes';
import type { PlotFrame, PlotLimit } from './plot-frame';
import { limitLabelBaselines, plotFrameOf } from './plot-frame';

const LABEL: TextStyle = { size: 7.5, color: GREY };
const LIMIT_LABEL: TextStyle = { size: 7, color: hexColor(FAIL_COLOR) };
/** Limit labels closer than this print one above the other. */
const LIMIT_LABEL_GAP = 8.5;
/** Helvetica's capitals at the label's 7 pt stand about 5 pt tall. */
const LIMIT_LABEL_CAP_HEIGHT = 5;
const Y_LABELS = 44;
/** Half the width of a limit at one frequency, in points. */
const BAR_HALF_WIDTH = 8;
const FRAME_HEIGHT = 170;
/** Frame, x tick labels and the axis title. */
const PLOT_HEIGHT = FRAME_HEIGHT + 30;
const NOTE: TextStyle = { size: 8, color: GREY };
const NOTE_HEIGHT = 12;
/** The most a plot takes: with a note under it (plot-frame.ts, limits not drawn). */
export const MAX_PLOT_HEIGHT = PLOT_HEIGHT + NOTE_HEIGHT;
const TRACE = hexColor(PASS_COLOR);
const LIMIT = hexColor(FAIL_COLOR);
/** FAIL_COLOR faded to a tenth on white: the failing side of a limit. */
const FAIL_SHADE: Color = LIMIT.map((c) => 1 - (1 - c) * 0.1) as unknown as Color;

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

/** The points worth drawing in view: one more each side so the line runs to the frame's edges. */
function pointsInView(freqs: readonly number[], frame: PlotFrame, columns: number): number[] {
  let from = 0;
  while (from < freqs.length - 1 && freqs[from + 1]! < frame.xRange[0]) from++;
  let to = freqs.length;
  while (to > from + 1 && freqs[to - 2]! > frame.xRange[1]) to--;
  const values = frame.values.slice(from, to);
  return decimate(freqs.slice(from, to), values, columns).map((i) => i + from);
}

/**
 * Draws the plot with its top at `top` and answers the height it took; the caller has made room
 * for MAX_PLOT_HEIGHT.
 */
export function drawTracePlot(
  canvas: Canvas,
  top: number,
  trace: TraceData,
  step: StepResult | undefined,
): number {
  const x0 = LEFT + Y_LABELS;
  const w = WIDTH - Y_LABELS - 4;
  const y0 = top - FRAME_HEIGHT;
  const h = FRAME_HEIGHT - 12;
  const freqs = trace.freqs_MHz;
  const frame = plotFrameOf(trace, step);
  const xAxis = frequencyAxis(canvas, frame.xRange[0], frame.xRange[1], w);
  const yAxis = niceAxis(frame.yRange[0], frame.yRange[1], 6, true);
  const px = (f: number) => x0 + ((f - xAxis.min) / (xAxis.max - xAxis.min)) * w;
  const py = (v: number) => y0 + ((v - yAxis.min) / (yAxis.max - yAxis.min)) * h;
  // a limit at one frequency (Phase) is a short bar there
  const span = (limit: PlotLimit): [number, number] => {
    const [a, b] = [px(limit.fromMHz), px(limit.toMHz)];
    return b - a < 2 * BAR_HALF_WIDTH ? [a - BAR_HALF_WIDTH, b + BAR_HALF_WIDTH] : [a, b];
  };

  canvas.clipped(x0, y0, w, h, () => {
    for (const limit of frame.limits) {
      if (!limit.failSide) continue;
      const edge = limit.failSide === 'above' ? y0 + h : y0;
      const [a, b] = span(limit);
      canvas.rect(a, Math.min(edge, py(limit.y)), b - a, Math.abs(edge - py(limit.y)), FAIL_SHADE);
    }
  });
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
  if (frame.axisTitle) canvas.text(x0 + 2, y0 + h + 4, frame.axisTitle, { ...LABEL, bold: true });

  const points: number[] = [];
  for (const i of pointsInView(freqs, frame, Math.ceil(w))) points.push(px(freqs[i]!), py(frame.values[i]!));
  canvas.clipped(x0, y0, w, h, () => {
    for (const limit of frame.limits) {
      const [from, to] = span(limit);
      canvas.line(from, py(limit.y), to, py(limit.y), LIMIT, 0.8, [4, 2]);
    }
    if (points.length === 2)
      canvas.segments([points[0]! - 1.5, points[1]!, points[0]! + 1.5, points[1]!], TRACE, 1.5);
    else canvas.polyline(points, TRACE, 0.8);
  });
  const baselines = limitLabelBaselines(
    frame.limits.map((l) => ({ lineY: py(l.y), failSide: l.failSide })),
    LIMIT_LABEL_GAP,
    LIMIT_LABEL_CAP_HEIGHT,
    { bottom: y0, top: y0 + h },
  );
  frame.limits.forEach((limit, i) => {
    const right = Math.min(px(limit.toMHz), x0 + w) - 3;
    const widest = x0 + 3 + canvas.measure(limit.label, LIMIT_LABEL);
    canvas.text(Math.max(right, widest), baselines[i]!, limit.label, LIMIT_LABEL, 'right');
  });
  if (!frame.note) return PLOT_HEIGHT;
  canvas.text(x0, top - PLOT_HEIGHT - 6, frame.note, NOTE);
  return MAX_PLOT_HEIGHT;
}
