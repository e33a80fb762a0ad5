/**
 * The control chart's points on the wire (ControlSeries, column-wise) and back as one object per
 * point (ControlPoint), for the violations list, the CSV and tests.
 */
import type { ControlPoint, ControlSeries, LimitsFrom } from '../api/analysis';
import type { WesternElectricRule } from './control-chart';

/** A step's values as the API reads them, in time order, column-wise (entry i: point i). */
export interface ControlColumns {
  runIds: number[];
  /** Start times, epoch ms. */
  times: number[];
  sns: string[];
  values: number[];
  /** Each run's limits; null: an unchecked side. */
  lower: (number | null)[];
  upper: (number | null)[];
  versions: number[];
}

/** The series on the wire: the columns, limits and versions where they change, and each point's rules (westernElectric's answer). */
export function controlSeries(
  columns: ControlColumns,
  rules: readonly (readonly WesternElectricRule[])[],
): ControlSeries {
  const { runIds, times, sns, values } = columns;
  const series: ControlSeries = { runIds, times, sns, values, limits: [], versions: [], violations: [] };
  // a plain loop with the entries in force at hand: a sized chart walks 60,000 points per call
  let limits: LimitsFrom | undefined;
  let version: number | undefined;
  for (let i = 0; i < values.length; i++) {
    const lower = columns.lower[i] ?? null;
    const upper = columns.upper[i] ?? null;
    if (!limits || limits.lower !== lower || limits.upper !== upper) {
      limits = { from: i, lower, upper };
      series.limits.push(limits);
    }
    if (version !== columns.versions[i]) {
      version = columns.versions[i]!;
      series.versions.push({ from: i, version });
    }
    const broken = rules[i];
    if (broken && broken.length > 0) series.violations.push({ index: i, rules: [...broken] });
  }
  return series;
}

/** The entry of a run-length list (`from` ascending) in force at each of `n` points. */
export function expandRuns<T extends { from: number }>(runs: readonly T[], n: number): T[] {
  const out: T[] = [];
  let at = -1;
  for (let i = 0; i < n; i++) {
    while (at + 1 < runs.length && runs[at + 1]!.from <= i) at++;
    out.push(runs[Math.max(at, 0)]!);
  }
  return out;
}

/** The moving range at point i: |x(i) − x(i−1)|, null for the first. */
export const movingRangeAt = (values: readonly number[], i: number): number | null =>
  i === 0 ? null : Math.abs(values[i]! - values[i - 1]!);

/** The moving ranges of the values (movingRangeAt of each). */
export function seriesMovingRanges(values: readonly number[]): (number | null)[] {
  return values.map((_, i) => movingRangeAt(values, i));
}

/** One object per point, in time order. */
export function controlPoints(series: ControlSeries): ControlPoint[] {
  const n = series.values.length;
  const limits = expandRuns(series.limits, n);
  const versions = expandRuns(series.versions, n);
  const ranges = seriesMovingRanges(series.values);
  const rules = new Map(series.violations.map((v) => [v.index, v.rules]));
  return series.values.map((value, i) => ({
    runId: series.runIds[i]!,
    startTime: new Date(series.times[i]!).toISOString(),
    sn: series.sns[i]!,
    value,
    movingRange: ranges[i]!,
    lower: limits[i]?.lower ?? null,
    upper: limits[i]?.upper ?? null,
    version: versions[i]!.version,
    rules: rules.get(i) ?? [],
  }));
}
