import { drawable, reducedIndexes } from '@sweepline/domain';

/** A point of a chart line: its index in time order and its value. */
export interface XY {
  x: number;
  y: number;
}

/**
 * Above this many points a control chart's line is drawn thinned: a canvas a thousand pixels
 * wide cannot show more, and chart.js slows with every point it lays out.
 */
export const DECIMATE_ABOVE = 4000;

/**
 * The line through `values` (null: no point) as the domain's reduction of the control chart
 * draws it (reducedIndexes): every point up to `above`, else the lowest and highest of each of
 * `above` / 2 columns of consecutive indices, in index order. Every peak and valley stays on the
 * line, so what sticks out at full resolution still does; the caller draws rule violations
 * apart, at full resolution.
 */
export function decimatedLine(values: readonly (number | null)[], above = DECIMATE_ABOVE): XY[] {
  return reducedIndexes(values, [], Math.floor(above / 2)).flatMap((x) => {
    const y = values[x];
    return drawable(y) ? [{ x, y }] : [];
  });
}
