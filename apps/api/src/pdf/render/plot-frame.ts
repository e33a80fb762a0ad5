/**
 * What a trace plot of the report shows, before any drawing: the trace as plotted, the
 * frequencies and values in view, and the limit lines with their labels. With the StepPlot the
 * runner records it comes from libs/domain's limit table, as on /tr (docs/measurements.md,
 * "Limit lines"): the step's band in view, each limit where it belongs, its failing side.
 * Without one, where the limits fall on the trace is not known: no line is drawn (a limit as
 * given, across the whole trace, would contradict the step's verdict) and the plot says so, as
 * the web legend does.
 */
import {
  LIMITS_NOT_DRAWN,
  limitRowOf,
  tracePlotOf,
  type StepResult,
  type TraceData,
} from '@sweepline/domain';

export interface PlotLimit {
  y: number;
  fromMHz: number;
  toMHz: number;
  /** Shaded in the report; unknown without a StepPlot. */
  failSide?: 'above' | 'below';
  label: string;
}

export interface PlotFrame {
  values: readonly number[];
  xRange: [number, number];
  yRange: [number, number];
  limits: PlotLimit[];
  /** The value axis' title: '|S21| (dB)', or the step's unit. */
  axisTitle: string;
  /** Printed under the plot when the step has numeric limits no line could place. */
  note?: string;
}

function hasNumericLimit(step: StepResult | undefined): boolean {
  return !!step && [step.lower, step.upper].some((v) => typeof v === 'number' && Number.isFinite(v));
}

function extent(values: readonly number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

export function plotFrameOf(trace: TraceData, step: StepResult | undefined): PlotFrame {
  const { freqs_MHz: freqs } = trace;
  const drawn = step?.plot && tracePlotOf({ ...step, plot: step.plot }, trace);
  if (step?.plot && drawn) {
    const row = limitRowOf(step.plot.actionId)!;
    const unit = row.unit ?? step.unit;
    return {
      values: drawn.trace.values,
      xRange: [drawn.view.xMin, drawn.view.xMax],
      yRange: [drawn.view.yMin, drawn.view.yMax],
      limits: drawn.lines.map((l) => ({
        y: l.yValue,
        fromMHz: l.fromMHz,
        toMHz: l.toMHz,
        failSide: l.failSide,
        label: l.label,
      })),
      axisTitle: `${row.plotted}${unit ? ` (${unit})` : ''}`,
    };
  }
  return {
    values: trace.values,
    xRange: [freqs[0]!, freqs[freqs.length - 1]!],
    yRange: extent(trace.values),
    limits: [],
    axisTitle: step?.unit ?? '',
    ...(hasNumericLimit(step) && { note: LIMITS_NOT_DRAWN }),
  };
}

/**
 * Label baselines near `wanted` (ascending or not) kept `gap` apart, so that limits close
 * together (a lower and an upper limit a tenth of a dB apart) print one above the other, not on top of
 * each other; each moves as little as it can, none below `floor`.
 */
export function spreadLabels(wanted: readonly number[], gap: number, floor: number): number[] {
  const order = wanted.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y);
  const placed = new Array<number>(wanted.length);
  let previous = floor - gap;
  for (const { y, i } of order) {
    previous = Math.max(y, previous + gap);
    placed[i] = previous;
  }
  return placed;
}

/** Where each limit's label goes: baselines in the page's units (y up), and the plot's edges. */
export interface LabelPlacement {
  /** The limit line's y on the page. */
  lineY: number;
  failSide?: 'above' | 'below';
}

/**
 * Label baselines for a plot's limit lines. A label sits on its line's failing side: above an
 * upper limit's line, below a lower limit's, so the two lines of a band close together each keep
 * their label outside the band and no line strikes through the other's label. Labels on one side
 * are spread `gap` apart as `spreadLabels` does; a label below that would leave the plot goes
 * above its line instead. `textHeight` is the label's cap height.
 */
export function limitLabelBaselines(
  limits: readonly LabelPlacement[],
  gap: number,
  textHeight: number,
  plot: { bottom: number; top: number },
): number[] {
  const clearance = 2.5;
  const below = (l: LabelPlacement) =>
    l.failSide === 'below' && l.lineY - clearance - textHeight >= plot.bottom + 2;
  const placed = new Array<number>(limits.length);
  const upward = limits.map((l, i) => ({ l, i })).filter(({ l }) => !below(l));
  spreadLabels(
    upward.map(({ l }) => l.lineY + clearance),
    gap,
    plot.bottom + 2,
  ).forEach((y, k) => (placed[upward[k]!.i] = y));
  // spread downward: the same rule on the mirrored page
  const downward = limits.map((l, i) => ({ l, i })).filter(({ l }) => below(l));
  spreadLabels(
    downward.map(({ l }) => -(l.lineY - clearance - textHeight)),
    gap,
    -(plot.top - textHeight - 2),
  ).forEach((y, k) => (placed[downward[k]!.i] = -y));
  return placed;
}
