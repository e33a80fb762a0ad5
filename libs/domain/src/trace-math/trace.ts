/**
 * Measured traces as the analyzer hands them over. Frequencies are in Hz and strictly increasing;
 * values are in the analyzer's display format (Log Mag dB, phase degrees, SWR, group delay
 * seconds), see docs/measurements.md. ArrayLike so that Float64Array and Float32Array from a
 * binary transfer are measured without copying.
 */
import { mhzText, TraceError } from './trace-error';

export type NumberArray = ArrayLike<number>;

/** A scalar (formatted) trace: one value per frequency. */
export interface FormattedTrace {
  freqs_Hz: NumberArray;
  values: NumberArray;
}

/** A complex trace (one S parameter): real and imaginary parts per frequency. */
export interface ComplexTrace {
  freqs_Hz: NumberArray;
  re: NumberArray;
  im: NumberArray;
}

function checkFrequencies(freqs_Hz: NumberArray): void {
  if (freqs_Hz.length === 0) throw new TraceError('shape', 'The trace has no points');
  let previous = -Infinity;
  for (let i = 0; i < freqs_Hz.length; i++) {
    const f = freqs_Hz[i] as number;
    if (!Number.isFinite(f)) {
      throw new TraceError('notFinite', `Frequency at index ${i} is not a finite number (${f})`);
    }
    if (f === previous) {
      throw new TraceError(
        'unsorted',
        `Frequency ${mhzText(f)} appears twice (index ${i - 1} and ${i}); frequencies must be strictly increasing`,
      );
    }
    if (f < previous) {
      throw new TraceError(
        'unsorted',
        `Frequencies are not in increasing order: index ${i} (${mhzText(f)}) comes after ${mhzText(previous)}`,
      );
    }
    previous = f;
  }
}

function checkValues(name: string, values: NumberArray, points: number): void {
  if (values.length !== points) {
    throw new TraceError('shape', `The trace has ${points} frequencies but ${values.length} ${name}`);
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) {
      throw new TraceError('notFinite', `The ${name} at index ${i} is not a finite number (${v})`);
    }
  }
}

/** Throws a TraceError naming the first bad index; returns the trace for chaining. */
export function checkTrace<T extends FormattedTrace>(trace: T): T {
  checkFrequencies(trace.freqs_Hz);
  checkValues('values', trace.values, trace.freqs_Hz.length);
  return trace;
}

export function checkComplexTrace<T extends ComplexTrace>(trace: T): T {
  checkFrequencies(trace.freqs_Hz);
  checkValues('real parts', trace.re, trace.freqs_Hz.length);
  checkValues('imaginary parts', trace.im, trace.freqs_Hz.length);
  return trace;
}

/** A step frequency in MHz as Hz; a missing (null) one is refused with the field's name. */
export function paramHz(value_MHz: number | null | undefined, field: string): number {
  if (value_MHz === null || value_MHz === undefined || !Number.isFinite(value_MHz)) {
    throw new TraceError('param', `${field} is not set`);
  }
  return value_MHz * 1e6;
}
