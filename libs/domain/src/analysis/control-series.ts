/**
 * The control chart's points on the wire (ControlSeries, column-wise) and back as one object per
 * point (ControlPoint), for the violations list, the CSV and tests.
 */
import type { ControlPoint, ControlSeries } from '../api/analysis';
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
  rules: readonly WesternElectricRule[][],
): ControlSeries {
  const { runIds, times, sns, values } = columns;
  const series: ControlSeries = { runIds, times, sns, values, limits: [], versions: [], violations: [] };
  values.forEach((_, i) => {
    const lower = columns.lower[i] ?? null;
    const upper = columns.upper[i] ?? null;
    const version = columns.versions[i]!;
    const limits = series.limits.at(-1);
    if (!limits || limits.lower !== lower || limits.upper !== upper)
      series.limits.push({ from: i, lower, upper });
    if (series.versions.at(-1)?.version !== version) series.versions.push({ from: i, version });
    const broken = rules[i] ?? [];
    if (broken.length > 0) series.violations.push({ index: i, rules: [...broken] });
  });
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

/** The moving ranges of the values: |x(i) − x(i−1)|, null for the first. */
export function seriesMovingRanges(values: readonly number[]): (number | null)[] {
  return values.map((v, i) => (i === 0 ? null : Math.abs(v - values[i - 1]!)));
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
