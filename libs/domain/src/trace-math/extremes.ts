/**
 * Maximum, minimum, mean and variation over an index range, and the worst variation over a
 * sliding frequency window (the "Cross xMHz" actions). All O(N) single passes, no copies.
 */
import type { IndexRange } from './band';
import { EDGE_TOLERANCE } from './band';
import type { NumberArray } from './trace';

export interface Extremes {
  max: number;
  maxIndex: number;
  min: number;
  minIndex: number;
}

/** Max and min of values[from..to); on ties the lowest frequency is named. */
export function extremes(values: NumberArray, { from, to }: IndexRange): Extremes {
  let max = -Infinity;
  let min = Infinity;
  let maxIndex = from;
  let minIndex = from;
  for (let i = from; i < to; i++) {
    const v = values[i] as number;
    if (v > max) {
      max = v;
      maxIndex = i;
    }
    if (v < min) {
      min = v;
      minIndex = i;
    }
  }
  return { max, maxIndex, min, minIndex };
}

/** Arithmetic mean of the values themselves (of dB values for Log Mag, INSTRUMENTS.md section 4). */
export function mean(values: NumberArray, { from, to }: IndexRange): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i] as number;
  return sum / (to - from);
}

export interface WindowVariation {
  /** Largest max − min of any window. */
  variation: number;
  /** Index range of the worst window. */
  from: number;
  to: number;
}

/**
 * The largest (max − min) over every window [f_i, f_i + width] that starts at a measured point
 * of the band, the window's far edge inclusive (same tolerance as band edges). A window that
 * would run past the band is cut at the band's end; such windows lie inside the last full one,
 * so the scan stops there, and a width ≥ the band gives the plain variation. Two monotonic
 * deques keep the window's max and min: each index enters and leaves each deque once, O(N).
 */
export function slidingVariation(
  freqs_Hz: NumberArray,
  values: NumberArray,
  band: IndexRange,
  width_Hz: number,
): WindowVariation {
  const n = band.to - band.from;
  // deques as ring-free arrays: indices only grow, so head pointers suffice
  const maxQ = new Int32Array(n);
  const minQ = new Int32Array(n);
  let maxHead = 0;
  let maxTail = 0;
  let minHead = 0;
  let minTail = 0;
  let best: WindowVariation = { variation: -Infinity, from: band.from, to: band.from + 1 };
  let right = band.from;
  for (let left = band.from; left < band.to; left++) {
    const fl = freqs_Hz[left] as number;
    const edge = fl + width_Hz;
    const limit = edge + Math.abs(edge) * EDGE_TOLERANCE;
    while (right < band.to && (freqs_Hz[right] as number) <= limit) {
      const v = values[right] as number;
      while (maxTail > maxHead && (values[maxQ[maxTail - 1] as number] as number) <= v) maxTail--;
      maxQ[maxTail++] = right;
      while (minTail > minHead && (values[minQ[minTail - 1] as number] as number) >= v) minTail--;
      minQ[minTail++] = right;
      right++;
    }
    while ((maxQ[maxHead] as number) < left) maxHead++;
    while ((minQ[minHead] as number) < left) minHead++;
    const variation =
      (values[maxQ[maxHead] as number] as number) - (values[minQ[minHead] as number] as number);
    if (variation > best.variation) best = { variation, from: left, to: right };
    if (right === band.to) break;
  }
  return best;
}
