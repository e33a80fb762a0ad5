/** A point of a chart line: its index in time order and its value. */
export interface XY {
  x: number;
  y: number;
}

/**
 * Above this many points a control chart's line is drawn decimated: a canvas a thousand pixels
 * wide cannot show more, and chart.js slows with every point it lays out.
 */
export const DECIMATE_ABOVE = 4000;
/** The buckets of a decimated line; each gives at most 4 points (first, min, max, last). */
export const DECIMATE_BUCKETS = 1000;

/**
 * The line through `values` (null: no point) as at most 4 points per bucket of consecutive
 * indices: its first, lowest, highest and last, in index order. Every peak and valley stays on the
 * line, so what sticks out at full resolution still does; the caller draws rule violations apart,
 * at full resolution. Up to DECIMATE_ABOVE values the line is every point.
 */
export function minMaxDecimate(
  values: readonly (number | null)[],
  buckets = DECIMATE_BUCKETS,
  above = DECIMATE_ABOVE,
): XY[] {
  const points: XY[] = [];
  if (values.length <= above) {
    values.forEach((y, x) => y !== null && points.push({ x, y }));
    return points;
  }
  const size = values.length / buckets;
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * size);
    const to = Math.min(values.length, Math.floor((b + 1) * size));
    let first = -1;
    let last = -1;
    let min = -1;
    let max = -1;
    for (let i = from; i < to; i++) {
      const y = values[i];
      if (y === null || y === undefined) continue;
      if (first < 0) first = i;
      last = i;
      if (min < 0 || y < values[min]!) min = i;
      if (max < 0 || y > values[max]!) max = i;
    }
    if (first < 0) continue;
    for (const x of [...new Set([first, min, max, last])].sort((a, b) => a - b))
      points.push({ x, y: values[x]! });
  }
  return points;
}
