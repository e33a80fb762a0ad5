import type { ResultValue, StepResult, StepVerdict, TraceUpload } from '@sweepline/domain';
import type { AttachmentKind } from '@sweepline/domain';
import { resultTitleOf } from '@sweepline/domain';

/**
 * What one step of a test gives the run: its result rows (none for a Prompt or a Delay, three for
 * a Cable step), the traces of its measured rows, the files it captured, and what later steps read
 * from it (a Diff's value, a Rejection's depending trace).
 */
export interface StepFile {
  readonly kind: AttachmentKind;
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/** The trace of one of the step's rows (`row`: its index in `rows`); at most one per row. */
export interface RowTrace extends Omit<TraceUpload, 'step_index'> {
  readonly row: number;
}

export interface StepOutput {
  readonly rows: StepResult[];
  /** An Align step has one per alignment row; a Cable step one for its transmission row. */
  readonly traces?: readonly RowTrace[];
  /** Belong to the last row. */
  readonly files?: readonly StepFile[];
  /**
   * A network-analyzer step's rows, each with the id of the test's calibration it was measured
   * with (by row), so the run can say which calibration measured what (issue 40).
   */
  readonly calIds?: readonly number[];
}

export interface Limits {
  readonly lower: ResultValue;
  readonly upper: ResultValue;
}

export const NO_LIMITS: Limits = { lower: null, upper: null };

export function row(
  title: string,
  limits: Limits,
  value: ResultValue,
  unit: string,
  result: StepVerdict,
): StepResult {
  return { title, isHeader: false, lower: limits.lower, upper: limits.upper, value, unit, result };
}

export function heading(title: string): StepResult {
  return { title, isHeader: true, lower: null, upper: null, value: null, unit: '', result: 1 };
}

/** A title of the step's own, or its name: a row always says what it is (the API matches rows to steps by it). */
export const titleOf = resultTitleOf;
