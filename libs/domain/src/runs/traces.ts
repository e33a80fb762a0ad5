import type { FieldError } from '../validation/fields';
import { VMSG } from '../validation/messages';

/**
 * Traces are stored as 32-bit floats (docs/requirements/storage.md#traces): frequencies in MHz and formatted
 * values, each a little-endian float32 array, 4 bytes a point. Float32 keeps about 7 significant
 * digits: 0.002 MHz at 20 GHz, and far below any analyzer's noise for the values.
 */
export const TRACE_LIMITS = {
  /** The most points an analyzer sweeps (docs/requirements/storage.md#traces). */
  points: 20_001,
} as const;

/** The largest finite float32: larger numbers cannot be stored. */
export const FLOAT32_MAX = 3.4028234663852886e38;

export const TRACE_MSG = {
  noPoints: 'A trace has at least one point',
  tooManyPoints: `Up to ${TRACE_LIMITS.points} points`,
  lengths: 'As many values as frequencies',
  notAscending: 'Frequencies must be in ascending order',
  outOfRange: 'A number that a 32-bit float can hold',
} as const;

function isFloat32(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= FLOAT32_MAX;
}

/**
 * The points of a trace: 1 to 20,001 frequencies (at least 0 MHz, ascending; equal neighbours
 * are allowed, as in segmented sweeps) and as many values, all within float32 range.
 */
export function tracePointsError(freqs: unknown, values: unknown): FieldError | undefined {
  if (!Array.isArray(freqs)) return { field: 'freqs_MHz', message: VMSG.invalidValue };
  if (!Array.isArray(values)) return { field: 'values', message: VMSG.invalidValue };
  if (freqs.length === 0) return { field: 'freqs_MHz', message: TRACE_MSG.noPoints };
  if (freqs.length > TRACE_LIMITS.points) return { field: 'freqs_MHz', message: TRACE_MSG.tooManyPoints };
  if (values.length !== freqs.length) return { field: 'values', message: TRACE_MSG.lengths };
  let previous = 0;
  for (const [i, f] of freqs.entries()) {
    if (!isFloat32(f)) return { field: `freqs_MHz[${i}]`, message: TRACE_MSG.outOfRange };
    if (f < previous) {
      return { field: `freqs_MHz[${i}]`, message: i === 0 ? VMSG.atLeast(0) : TRACE_MSG.notAscending };
    }
    previous = f;
  }
  const bad = values.findIndex((v) => !isFloat32(v));
  return bad >= 0 ? { field: `values[${bad}]`, message: TRACE_MSG.outOfRange } : undefined;
}

/** Little-endian float32 bytes of `numbers`, whatever the machine's byte order. */
export function encodeFloat32(numbers: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(numbers.length * 4);
  const view = new DataView(bytes.buffer);
  for (const [i, n] of numbers.entries()) view.setFloat32(i * 4, n, true);
  return bytes;
}

/** The numbers of little-endian float32 bytes (a length not a multiple of 4 drops the rest). */
export function decodeFloat32(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const numbers = new Array<number>(Math.floor(bytes.byteLength / 4));
  for (let i = 0; i < numbers.length; i++) numbers[i] = view.getFloat32(i * 4, true);
  return numbers;
}
