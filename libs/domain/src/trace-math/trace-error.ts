/**
 * Every refusal of the trace maths is a TraceError, thrown (never returned), so a caller handles
 * one kind of failure: the runner records `message` on the step and uploads the run, as it does
 * for an InstrumentError (CONVENTIONS.md section 5). Measuring functions never throw anything
 * else for bad data; a programming error (a wrong action id) is a plain Error.
 */
export type TraceErrorCode =
  /** Frequencies not strictly increasing (unsorted or repeated). */
  | 'unsorted'
  /** Arrays of one trace of different lengths, or an empty trace. */
  | 'shape'
  /** A frequency or value that is NaN or infinite. */
  | 'notFinite'
  /** No measured point inside the band of the step. */
  | 'emptyBand'
  /** A step parameter the measurement needs is not set (null) or makes no sense. */
  | 'param'
  /** A frequency asked for lies outside the measured trace. */
  | 'outOfRange'
  /** Time gating needs equally spaced frequencies. */
  | 'nonUniform'
  /** A Touchstone file that cannot be read. */
  | 'touchstone';

export class TraceError extends Error {
  override readonly name = 'TraceError';

  constructor(
    readonly code: TraceErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Frequencies in messages read in MHz, the unit of every step parameter. */
export function mhzText(freq_Hz: number): string {
  return `${Number((freq_Hz / 1e6).toPrecision(10))} MHz`;
}
