/**
 * A step's limits as lines on its trace as plotted, the way an analyzer draws them: at the
 * plotted value the limit stands for (limit-table.ts), over the step's band only, with the side
 * that fails marked; and the first view of the plot, framing that band (docs/measurements.md,
 * "Limit lines"). The web chart and the PDF both draw from here.
 */
import type { PrintedValue } from '../numbers/format-measurement';
import { formatMeasurement } from '../numbers/format-measurement';
import type { IndexRange } from '../trace-math/band';
import { firstAbove, firstAtOrAbove } from '../trace-math/band';
import { slidingVariation } from '../trace-math/extremes';
import type { LimitRow, LimitStatistic } from './limit-table';
import { limitRowOf } from './limit-table';
import type { MhzTrace, PlottedTrace } from './plotted-trace';
import { plottedTrace } from './plotted-trace';
import type { StepPlot } from './step-plot';

/** A step result with what its trace needs (runs/results.ts, StepResult). */
export interface PlotStep {
  plot: StepPlot;
  lower: PrintedValue;
  upper: PrintedValue;
  unit: string;
}

/**
 * How far a line holds: every point of the range must be on its passing side; at least one
 * point must reach it (the lower limit of a maximum); or the range's average must.
 */
export type LineRule = 'everyPoint' | 'somePoint' | 'average';

export interface TraceLimitLine {
  limit: 'lower' | 'upper';
  /** Where the line is drawn, in the plotted unit. */
  yValue: number;
  fromMHz: number;
  toMHz: number;
  failSide: 'above' | 'below';
  rule: LineRule;
  /** 'Insertion loss ≤ 1.2 dB': the limit in the words and sign of the step's quantity. */
  label: string;
}

export interface PlotView {
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** The step's trace as drawn, its row, and its band as indices of the trace. */
interface Frame {
  row: LimitRow;
  trace: PlottedTrace;
  band: IndexRange;
}

function frameOf(step: PlotStep, stored: MhzTrace): Frame | undefined {
  const row = limitRowOf(step.plot.actionId);
  const n = stored.freqs_MHz.length;
  if (!row || n === 0) return undefined;
  const trace = plottedTrace(row, step.plot, stored);
  const { startFreq_MHz: start, stopFreq_MHz: stop } = step.plot;
  if (start === undefined || stop === undefined) return { row, trace, band: { from: 0, to: n } };
  const from = firstAtOrAbove(trace.freqs_MHz, start);
  const to = firstAbove(trace.freqs_MHz, stop);
  return { row, trace, band: { from: Math.min(from, n - 1), to: Math.max(to, from + 1, 1) } };
}

const RULES: Record<LimitStatistic, { lower: LineRule; upper: LineRule }> = {
  everyPoint: { lower: 'everyPoint', upper: 'everyPoint' },
  atFrequency: { lower: 'everyPoint', upper: 'everyPoint' },
  max: { lower: 'somePoint', upper: 'everyPoint' },
  min: { lower: 'everyPoint', upper: 'somePoint' },
  average: { lower: 'average', upper: 'average' },
  variation: { lower: 'somePoint', upper: 'everyPoint' },
  crossVariation: { lower: 'somePoint', upper: 'everyPoint' },
  none: { lower: 'everyPoint', upper: 'everyPoint' },
};

function bandMax(values: readonly number[], band: IndexRange): number {
  let max = -Infinity;
  for (let i = band.from; i < band.to; i++) max = Math.max(max, values[i]!);
  return max;
}

/**
 * Where a limit of `limit` goes, over which frequencies, and the side that fails. A variation
 * is the band's peak-to-peak, which no fixed line shows: its line hangs `limit` below the
 * band's (or the worst window's) highest point, and the trace failing it dips under the line.
 */
function place(frame: Frame, plot: StepPlot, limit: number) {
  const { row, trace, band } = frame;
  const f = trace.freqs_MHz;
  const over = (range: IndexRange) => ({ fromMHz: f[range.from]!, toMHz: f[range.to - 1]! });
  if (row.statistic === 'variation') {
    return { yValue: bandMax(trace.values, band) - limit, flips: true, ...over(band) };
  }
  if (row.statistic === 'crossVariation') {
    const window = slidingVariation(f, trace.values, band, plot.spanFreq_MHz ?? Infinity);
    return { yValue: bandMax(trace.values, window) - limit, flips: true, ...over(window) };
  }
  const offset = row.relative ? plot.ref_dB! : 0;
  const atFrequency = row.statistic === 'atFrequency';
  return {
    yValue: offset + row.sign * limit,
    flips: row.sign < 0,
    ...(atFrequency ? { fromMHz: plot.startFreq_MHz!, toMHz: plot.startFreq_MHz! } : over(band)),
  };
}

function labelOf(row: LimitRow, step: PlotStep, side: 'lower' | 'upper', limit: number): string {
  const unit = row.statistic === 'none' || row.unit === undefined ? step.unit : row.unit;
  const number = formatMeasurement(limit, { limits: [step.lower, step.upper] });
  const window = row.statistic === 'crossVariation' ? ` in any ${step.plot.spanFreq_MHz} MHz` : '';
  return `${row.quantity}${window} ${side === 'upper' ? '≤' : '≥'} ${number}${unit ? ` ${unit}` : ''}`;
}

function linesOf(frame: Frame, step: PlotStep): TraceLimitLine[] {
  const { row } = frame;
  if (row.statistic === 'none' || (row.relative && step.plot.ref_dB === undefined)) return [];
  const lines: TraceLimitLine[] = [];
  for (const side of ['lower', 'upper'] as const) {
    const limit = step[side];
    if (typeof limit !== 'number' || !Number.isFinite(limit)) continue;
    const { flips, ...where } = place(frame, step.plot, limit);
    const upperFails = flips ? 'below' : 'above';
    const failSide = side === 'upper' ? upperFails : upperFails === 'above' ? 'below' : 'above';
    lines.push({
      limit: side,
      ...where,
      failSide,
      rule: RULES[row.statistic][side],
      label: labelOf(row, step, side, limit),
    });
  }
  return lines;
}

/** The trace as drawn (SWR, group delay in ns, wrapped phase) with its limit lines. */
export function tracePlotOf(
  step: PlotStep,
  stored: MhzTrace,
): { trace: PlottedTrace; lines: TraceLimitLine[]; view: PlotView } | undefined {
  const frame = frameOf(step, stored);
  if (!frame) return undefined;
  const lines = linesOf(frame, step);
  return { trace: frame.trace, lines, view: viewOf(frame, lines) };
}

/** The step's limits as lines on its plotted trace; none for an action that leaves no trace. */
export function limitLines(step: PlotStep, stored: MhzTrace): TraceLimitLine[] {
  return tracePlotOf(step, stored)?.lines ?? [];
}

/** A tenth of the band (or of the sweep around a single frequency) each side. */
const X_MARGIN = 0.1;
/** Room above and below the values and lines, as a share of their spread. */
const Y_MARGIN = 0.1;

function viewOf(frame: Frame, lines: readonly TraceLimitLine[]): PlotView {
  const f = frame.trace.freqs_MHz;
  const first = f[0]!;
  const last = f[f.length - 1]!;
  const bandFrom = f[frame.band.from]!;
  const bandTo = f[frame.band.to - 1]!;
  const width = bandTo > bandFrom ? bandTo - bandFrom : last - first;
  const xMin = Math.max(first, bandFrom - width * X_MARGIN);
  const xMax = Math.min(last, bandTo + width * X_MARGIN);
  const shown = { from: firstAtOrAbove(f, xMin), to: firstAbove(f, xMax) };
  let lo = Math.min(...lines.map((l) => l.yValue));
  let hi = Math.max(...lines.map((l) => l.yValue));
  for (let i = shown.from; i < shown.to; i++) {
    lo = Math.min(lo, frame.trace.values[i]!);
    hi = Math.max(hi, frame.trace.values[i]!);
  }
  const room = hi > lo ? (hi - lo) * Y_MARGIN : Math.max(Math.abs(hi) * Y_MARGIN, 1);
  return { xMin, xMax, yMin: lo - room, yMax: hi + room };
}

/** The first view: the step's band with a margin, scaled to the trace there and its lines. */
export function initialView(step: PlotStep, stored: MhzTrace): PlotView | undefined {
  return tracePlotOf(step, stored)?.view;
}
