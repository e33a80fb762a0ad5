/**
 * The control chart's points on the wire (ControlSeries, column-wise) and back as one object per
 * point (ControlPoint), for the violations list, the CSV and tests.
 */
import type { ControlPoint, ControlSeries, LimitsFrom, RuleViolation, VersionFrom } from '../api/analysis';
import type { WesternElectricRule } from './control-chart';

/**
 * A step's values as the API reads them, in time order, column-wise (entry i: point i), with the
 * limits and versions as the lists of where they change, as the wire carries them: over a range
 * they nearly always hold one value, and a list per point was 60,000 entries to make and walk.
 */
export interface ControlColumns {
  runIds: number[];
  /** Start times, epoch ms. */
  times: number[];
  sns: string[];
  values: number[];
  /** The runs' limits where they change (the first entry from 0; none without points). */
  limits: LimitsFrom[];
  /** The runs' test-plan versions where they change. */
  versions: VersionFrom[];
}

/** Each point's limits and version (null: an unchecked side) as the lists of where they change. */
export function changesOf(
  lower: readonly (number | null)[],
  upper: readonly (number | null)[],
  versions: readonly number[],
): Pick<ControlColumns, 'limits' | 'versions'> {
  const changes: Pick<ControlColumns, 'limits' | 'versions'> = { limits: [], versions: [] };
  let limits: LimitsFrom | undefined;
  let version: VersionFrom | undefined;
  for (let i = 0; i < versions.length; i++) {
    const low = lower[i] ?? null;
    const high = upper[i] ?? null;
    if (!limits || limits.lower !== low || limits.upper !== high) {
      limits = { from: i, lower: low, upper: high };
      changes.limits.push(limits);
    }
    if (version?.version !== versions[i]) {
      version = { from: i, version: versions[i]! };
      changes.versions.push(version);
    }
  }
  return changes;
}

/** The series on the wire: the columns, limits and versions where they change, and each point's rules (westernElectric's answer). */
export function controlSeries(
  columns: ControlColumns,
  rules: readonly (readonly WesternElectricRule[])[],
): ControlSeries {
  const { runIds, times, sns, values, limits, versions } = columns;
  const violations: RuleViolation[] = [];
  for (let i = 0; i < values.length; i++) {
    const broken = rules[i];
    if (broken && broken.length > 0) violations.push({ index: i, rules: [...broken] });
  }
  return { runIds, times, sns, values, limits, versions, violations };
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
