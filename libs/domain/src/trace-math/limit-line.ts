/** Limit lines of an alignment trace: v(f) = vStart + (vStop − vStart)·(f − fStart)/(fStop − fStart). */
import type { LimitLine } from '../params/params.types';
import type { IndexRange } from './band';
import { firstAbove, firstAtOrAbove } from './band';
import { TraceError } from './trace-error';
import type { NumberArray } from './trace';

/** A complete line in Hz. */
export interface LineSegment {
  f1_Hz: number;
  f2_Hz: number;
  v1: number;
  v2: number;
}

const isSet = (x: number | null): x is number => x !== null && Number.isFinite(x);

export function lineSegment(line: LimitLine, where: string): LineSegment {
  const { startFreq_MHz, stopFreq_MHz, startValue, stopValue } = line;
  if (!isSet(startFreq_MHz) || !isSet(stopFreq_MHz) || !isSet(startValue) || !isSet(stopValue)) {
    throw new TraceError('param', `${where} is not complete`);
  }
  if (startFreq_MHz > stopFreq_MHz) {
    throw new TraceError('param', `${where}: the start frequency is greater than the stop frequency`);
  }
  return { f1_Hz: startFreq_MHz * 1e6, f2_Hz: stopFreq_MHz * 1e6, v1: startValue, v2: stopValue };
}

/** The line's value at f; a line of one frequency (start = stop) has its start value. */
export function lineValue(seg: LineSegment, f_Hz: number): number {
  if (seg.f2_Hz === seg.f1_Hz) return seg.v1;
  return seg.v1 + ((seg.v2 - seg.v1) * (f_Hz - seg.f1_Hz)) / (seg.f2_Hz - seg.f1_Hz);
}

/** The measured points under the line, edges included (may be empty). */
export function lineRange(freqs_Hz: NumberArray, seg: LineSegment): IndexRange {
  return { from: firstAtOrAbove(freqs_Hz, seg.f1_Hz), to: firstAbove(freqs_Hz, seg.f2_Hz) };
}
