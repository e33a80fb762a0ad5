import { formatMeasurement } from '@sweepline/domain';

/** The frequency range shown; undefined is the whole trace. */
export interface ZoomRange {
  min: number;
  max: number;
}

/** The index of the point nearest `freq` in ascending `freqs` (binary search); -1 when empty. */
export function nearestIndex(freqs: readonly number[], freq: number): number {
  if (freqs.length === 0) return -1;
  let lo = 0;
  let hi = freqs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (freqs[mid]! <= freq) lo = mid;
    else hi = mid;
  }
  return Math.abs(freqs[hi]! - freq) < Math.abs(freqs[lo]! - freq) ? hi : lo;
}

/** The zoom range after zooming in (factor < 1) or out (> 1) about the range's middle, kept inside the trace. */
export function zoomBy(
  range: ZoomRange | undefined,
  whole: ZoomRange,
  factor: number,
): ZoomRange | undefined {
  const current = range ?? whole;
  const middle = (current.min + current.max) / 2;
  const half = ((current.max - current.min) * factor) / 2;
  if (half * 2 >= whole.max - whole.min) return undefined;
  let min = middle - half;
  let max = middle + half;
  if (min < whole.min) [min, max] = [whole.min, whole.min + half * 2];
  if (max > whole.max) [min, max] = [whole.max - half * 2, whole.max];
  return { min, max };
}

/** The range a drag from `a` to `b` selects; undefined for a click or a drag too small to mean a zoom. */
export function dragRange(a: number, b: number, whole: ZoomRange): ZoomRange | undefined {
  const min = Math.max(Math.min(a, b), whole.min);
  const max = Math.min(Math.max(a, b), whole.max);
  return max - min > (whole.max - whole.min) / 1000 ? { min, max } : undefined;
}

/** The frequency in six significant digits, the value as every measurement prints (formatMeasurement). */
export function readout(freq: number, value: number, unit: string): string {
  return `${Number(freq.toPrecision(6))} MHz: ${formatMeasurement(value)}${unit ? ` ${unit}` : ''}`;
}
