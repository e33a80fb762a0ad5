/**
 * A control chart sized by the screen (DESIGN.md, "Statistical process control in production";
 * docs/measurements.md, "Control chart"): a plot `width` pixels wide cannot show more than a
 * lowest and a highest point per pixel column, so the reply holds those, in time order, plus
 * every point that breaks a rule, exactly. The limits and rules are computed on every point
 * before (control-chart.ts); this only chooses which points travel.
 */
import type { ControlReduction, ControlSeries } from '../api/analysis';
import { movingRangeAt } from './control-series';

/** The plot widths a chart may ask for, in pixels. */
export const CHART_WIDTH = { min: 100, max: 10_000 } as const;

/** Whether a chart can draw `y`: a number, not NaN (a missing point is null, like the first moving range). */
export const drawable = (y: number | null | undefined): y is number =>
  typeof y === 'number' && !Number.isNaN(y);

/**
 * The indexes (ascending) to draw points `from` to `to` (exclusive) of `values` in `width`
 * columns: all of them when they fit two to a column; else each column's lowest and highest
 * drawable value (the first of equals; a column of nulls and NaN keeps none) and every index of
 * `flagged` (ascending) in the window. The server sizes the control chart by it, the browser
 * thins a long line and a trace by it.
 */
export function reducedIndexes(
  values: readonly (number | null)[],
  flagged: readonly number[],
  width: number,
  from = 0,
  to = values.length,
): number[] {
  const n = to - from;
  if (n <= 2 * width) return Array.from({ length: Math.max(0, n) }, (_, i) => from + i);
  const keep = new Set<number>();
  let column = -1;
  let lo = -1;
  let hi = -1;
  const close = () => {
    if (lo >= 0) keep.add(lo).add(hi);
  };
  for (let i = from; i < to; i++) {
    // column of point i: its share of the window, so every column holds ⌊n / width⌋ or one more
    const c = Math.floor(((i - from) * width) / n);
    if (c !== column) {
      close();
      column = c;
      lo = -1;
      hi = -1;
    }
    const y = values[i];
    if (!drawable(y)) continue;
    if (lo < 0 || y < values[lo]!) lo = i;
    if (hi < 0 || y > values[hi]!) hi = i;
  }
  close();
  for (const i of flagged) if (i >= from && i < to) keep.add(i);
  return [...keep].sort((a, b) => a - b);
}

/** The time window of a zoom (epoch ms, both ends included) as point indexes [from, to) of `times` (ascending). */
export function windowOf(
  times: readonly number[],
  start: number,
  stop: number,
): { from: number; to: number } {
  const firstAtOrAfter = (t: number, strict: boolean) => {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (strict ? times[mid]! <= t : times[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return { from: firstAtOrAfter(start, false), to: firstAtOrAfter(stop, true) };
}

/**
 * `series` (every point) cut to `keep` (ascending indexes): its columns picked, the run-length
 * lists and the violations re-indexed to the kept points, and what ties them to the whole.
 */
export function reduceSeries(
  series: ControlSeries,
  keep: readonly number[],
  width: number,
): { points: ControlSeries; reduction: ControlReduction } {
  const pick = <T>(column: readonly T[]) => keep.map((i) => column[i]!);
  const position = (index: number) => {
    // the first kept point at or after `index`
    let lo = 0;
    let hi = keep.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keep[mid]! < index) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const reindex = <T extends { from: number }>(runs: readonly T[]): T[] => {
    const out: T[] = [];
    runs.forEach((run, k) => {
      // an entry in force at no kept point goes; the one in force at the first kept point starts at 0
      const next = runs[k + 1]?.from ?? Infinity;
      const at = position(run.from);
      if (at >= keep.length || keep[at]! >= next) return;
      out.push({ ...run, from: at });
    });
    return out;
  };
  const { values } = series;
  const kept = new Set(keep);
  return {
    points: {
      runIds: pick(series.runIds),
      times: pick(series.times),
      sns: pick(series.sns),
      values: pick(series.values),
      limits: reindex(series.limits),
      versions: reindex(series.versions),
      violations: series.violations
        .filter((v) => kept.has(v.index))
        .map((v) => ({ index: position(v.index), rules: v.rules })),
    },
    reduction: {
      total: values.length,
      width,
      indexes: [...keep],
      // at the kept points only (a sized chart keeps about 1 in 12)
      movingRanges: keep.map((i) => movingRangeAt(values, i)),
    },
  };
}
