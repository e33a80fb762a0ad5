/**
 * Alignment Check: each trace of each alignment against its limit lines, plus marker readouts.
 * As the E5071C limit test (INSTRUMENTS.md section 4, V14b): a line is linear between
 * (startFreq, startValue) and (stopFreq, stopValue); a MAX line fails if any measured point in
 * [startFreq, stopFreq] (edges included) lies above it, a MIN line if any lies below. Only
 * measured points are judged: a line over a range with no point judges nothing and passes.
 * Trace values come in the analyzer's format: Log Mag dB, phase degrees (judged as displayed,
 * wrapped to (−180°, 180°]), group delay seconds (judged in ns, the unit of the lines), SWR.
 */
import type { AlignParam, Alignment, LimitLine, LineType, Trace } from '../params/params.types';
import { DisplayFormat } from '../params/params.types';
import type { StepVerdict } from '../results/verdict';
import { narrowGateWarning } from './gating';
import { withWarning } from './judge';
import type { LineSegment } from './limit-line';
import { lineRange, lineSegment, lineValue } from './limit-line';
import { pointValue, valueAt } from './markers';
import { TraceError } from './trace-error';
import type { FormattedTrace } from './trace';
import { checkTrace } from './trace';

export interface LineResult {
  type: LineType;
  result: StepVerdict;
  /** Measured points inside the line's range. */
  points: number;
  /** The point nearest to (or furthest beyond) the line; absent when no point is judged. */
  worst?: { freq_Hz: number; value: number; limit: number; margin: number };
}

export interface MarkerReadout {
  freq_Hz: number;
  /** null when the marker lies outside the measured range. */
  value: number | null;
}

export interface AlignTraceResult {
  name: string;
  sParam: string;
  unit: string;
  result: StepVerdict;
  lines: LineResult[];
  markers: MarkerReadout[];
}

export interface AlignmentResult {
  title: string;
  result: StepVerdict;
  traces: AlignTraceResult[];
  /** A gate narrower than its shape's minimum (as Measurement.warnings). */
  warnings?: string[];
}

export interface AlignMeasurement {
  result: StepVerdict;
  channels: AlignmentResult[];
  /** Every alignment's warnings, each once: what the runner shows for the step. */
  warnings?: string[];
}

const UNITS: Record<DisplayFormat, string> = {
  [DisplayFormat.LogMag]: 'dB',
  [DisplayFormat.Phase]: 'deg',
  [DisplayFormat.GroupDelay]: 'ns',
  [DisplayFormat.Swr]: '',
};

function judgeLine(trace: FormattedTrace, df: DisplayFormat, seg: LineSegment, type: LineType): LineResult {
  const { from, to } = lineRange(trace.freqs_Hz, seg);
  const isMax = type === 'MAX';
  const slope = seg.f2_Hz === seg.f1_Hz ? 0 : (seg.v2 - seg.v1) / (seg.f2_Hz - seg.f1_Hz);
  let worstIndex = -1;
  let worstMargin = Infinity;
  for (let i = from; i < to; i++) {
    const limit = seg.v1 + slope * ((trace.freqs_Hz[i] as number) - seg.f1_Hz);
    const value = pointValue(df, trace, i);
    const margin = isMax ? limit - value : value - limit;
    if (margin < worstMargin) {
      worstMargin = margin;
      worstIndex = i;
    }
  }
  if (worstIndex < 0) return { type, result: 1, points: 0 };
  const freq_Hz = trace.freqs_Hz[worstIndex] as number;
  const worst = {
    freq_Hz,
    value: pointValue(df, trace, worstIndex),
    limit: lineValue(seg, freq_Hz),
    margin: worstMargin,
  };
  return { type, result: worstMargin >= 0 ? 1 : 0, points: to - from, worst };
}

function judgeTrace(t: Trace, data: FormattedTrace | undefined, where: string): AlignTraceResult {
  if (!data) throw new TraceError('shape', `No measured data for ${where}`);
  checkTrace(data);
  const lines = t.lineArray.map((line: LimitLine, i) =>
    judgeLine(data, t.df, lineSegment(line, `limit line ${i + 1} of ${where}`), line.type),
  );
  const markers = t.markerArray.map((m, i) =>
    markerReadout(data, t.df, m.freq_MHz, `marker ${i + 1} of ${where}`),
  );
  const result = lines.every((l) => l.result === 1) ? 1 : 0;
  return { name: t.name, sParam: t.sParam, unit: UNITS[t.df], result, lines, markers };
}

function markerReadout(
  data: FormattedTrace,
  df: DisplayFormat,
  freq_MHz: number | null,
  where: string,
): MarkerReadout {
  if (freq_MHz === null || !Number.isFinite(freq_MHz))
    throw new TraceError('param', `The frequency of ${where} is not set`);
  const freq_Hz = freq_MHz * 1e6;
  return { freq_Hz, value: valueAt(df, data, freq_Hz) };
}

function judgeAlignment(
  a: Alignment,
  data: readonly FormattedTrace[] | undefined,
  n: number,
): AlignmentResult {
  const traces = a.traceArray.map((t, i) =>
    judgeTrace(t, data?.[i], `trace ${i + 1} (${t.sParam}) of alignment ${n + 1}`),
  );
  const judged = { title: a.title, result: traces.every((t) => t.result === 1) ? 1 : 0, traces } as const;
  return withWarning<AlignmentResult>(judged, narrowGateWarning(a, data?.[0]?.freqs_Hz ?? []));
}

/** `data[i][j]` is the measured trace of channelArray[i].traceArray[j]. */
export function measureAlign(
  param: AlignParam,
  data: readonly (readonly FormattedTrace[])[],
): AlignMeasurement {
  const channels = param.channelArray.map((a, i) => judgeAlignment(a, data[i], i));
  const result = channels.every((c) => c.result === 1) ? 1 : 0;
  const warnings = [...new Set(channels.flatMap((c) => c.warnings ?? []))];
  return warnings.length > 0 ? { result, channels, warnings } : { result, channels };
}

/** The trace an alignment shows, as stored with the run: frequencies in MHz and displayed values. */
export interface AlignmentTrace {
  /** Index in the alignment's traceArray. */
  index: number;
  /** The unit of its values: dB, deg, ns or '' (SWR). */
  unit: string;
  freqs_MHz: number[];
  values: number[];
}

/**
 * The active trace of an alignment (docs/requirements/step-parameters.md#alignment-check: exactly one is active; the first when none is
 * marked) as the analyzer displays it and the lines judge it: phase wrapped to (−180°, 180°],
 * group delay in ns. This is the trace a run keeps for the alignment's row (docs/requirements/storage.md#traces:
 * one trace per result row). `data[j]` is the measured trace of traceArray[j].
 */
export function alignmentTrace(
  alignment: Alignment,
  data: readonly FormattedTrace[],
): AlignmentTrace | undefined {
  const active = alignment.traceArray.findIndex((t) => t.isActive);
  const index = active < 0 ? 0 : active;
  const t = alignment.traceArray[index];
  const measured = data[index];
  if (!t || !measured) return undefined;
  const values = Array.from(measured.values, (_, i) => pointValue(t.df, measured, i));
  return { index, unit: UNITS[t.df], freqs_MHz: Array.from(measured.freqs_Hz, (f) => f / 1e6), values };
}
