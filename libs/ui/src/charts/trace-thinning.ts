import { reducedIndexes, windowOf, type TraceLimitLine } from '@sweepline/domain';
import type { ZoomRange } from './trace-zoom';

export interface TracePoint {
  x: number;
  y: number;
}

/**
 * The points of a line through `values` at ascending `freqs` that a plot `width` pixels wide
 * over `range` can show (docs/web.md, "Charts of many points"): the points in the range and one
 * either side (the line runs on to the plot's edges), thinned by the domain's reduction of the
 * control chart (reducedIndexes) to each pixel column's lowest and highest, in order, plus the
 * first and last of those points and every index of `kept`. All of them once they fit two to a column, so a zoom shows single points; and
 * all of them while the width is not known (0: not laid out).
 */
export function thinnedPoints(
  freqs: readonly number[],
  values: readonly number[],
  width: number,
  range: ZoomRange | undefined,
  kept: readonly number[] = [],
): TracePoint[] {
  const point = (i: number) => ({ x: freqs[i]!, y: values[i]! });
  if (width <= 0) return freqs.map((_, i) => point(i));
  const shown = range ? windowOf(freqs, range.min, range.max) : { from: 0, to: freqs.length };
  const from = Math.max(0, shown.from - 1);
  const to = Math.min(freqs.length, shown.to + 1);
  // the window's first and last points too: the line runs on to the plot's edges
  const edges = to > from ? [from, to - 1] : [];
  const flagged = [...new Set([...edges, ...kept])].sort((a, b) => a - b);
  return reducedIndexes(values, flagged, width, from, to).map(point);
}

/**
 * The point of each limit line furthest on its failing side, when it fails: what the verdict of
 * a maximum or minimum rests on, kept exactly by a thinned trace even where a pixel column
 * straddles the line's end (a column's extremes keep the worst of the column, which may lie just
 * outside the line's range).
 */
export function worstFailingIndexes(
  freqs: readonly number[],
  values: readonly number[],
  lines: readonly TraceLimitLine[],
): number[] {
  const worst: number[] = [];
  for (const line of lines) {
    const { from, to } = windowOf(freqs, line.fromMHz, line.toMHz);
    const beyond = (i: number) =>
      line.failSide === 'above' ? values[i]! - line.yValue : line.yValue - values[i]!;
    let at = -1;
    for (let i = from; i < to; i++) if (beyond(i) > 0 && (at < 0 || beyond(i) > beyond(at))) at = i;
    if (at >= 0) worst.push(at);
  }
  return [...new Set(worst)].sort((a, b) => a - b);
}
