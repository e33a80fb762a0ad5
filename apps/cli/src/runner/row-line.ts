import {
  formatMeasurement,
  formatStepValue,
  SKIPPED_PREFIX,
  type ResultValue,
  type StepResult,
} from '@sweepline/domain';

/**
 * One result row as the operator reads it in the terminal and in the plain log (issue 28):
 * `[3/16] Insertion Loss Max - S12 (500 - 700 MHz): FAIL 1.43 dB (limit ≤ 1.2 dB)`. Pure, so the
 * terminal view, the plain log and their tests print the same words.
 */

const withUnit = (text: string, unit: string) => (unit ? `${text} ${unit}` : text);

/** `(limit ≤ 1.2 dB)`, `(limit ≥ 18 dB)`, `(limits 0.2 to 1 dB)`; empty without limits. */
export function formatLimits(lower: ResultValue, upper: ResultValue, unit: string): string {
  const text = (limit: ResultValue) =>
    typeof limit === 'number' ? formatMeasurement(limit, { limits: [lower, upper] }) : String(limit);
  if (lower !== null && upper !== null) return `(limits ${text(lower)} to ${withUnit(text(upper), unit)})`;
  if (upper !== null) return `(limit ≤ ${withUnit(text(upper), unit)})`;
  if (lower !== null) return `(limit ≥ ${withUnit(text(lower), unit)})`;
  return '';
}

/** The value as every measurement prints (formatMeasurement), apart from the limits it is judged against. */
function formatResultValue(value: ResultValue, row: StepResult): string {
  if (value === null) return '';
  return withUnit(formatStepValue(value, row), row.unit);
}

export interface RowMarks {
  /** How a verdict is shown: coloured on a terminal, plain in a log. */
  readonly pass: string;
  readonly fail: string;
}

export const PLAIN_MARKS: RowMarks = { pass: 'pass', fail: 'FAIL' };

/**
 * The line of one result row of step `index` of `count`. A skipped step's row says so and why
 * (`SKIPPED (recorded as failed): <the instrument's message>`); a row without a value (an
 * alignment) shows only its verdict; a heading row has no line (undefined).
 */
export function rowLine(index: number, count: number, row: StepResult, marks: RowMarks = PLAIN_MARKS) {
  if (row.isHeader) return undefined;
  const prefix = `[${index}/${count}] ${row.title}:`;
  if (typeof row.value === 'string' && row.value.startsWith(SKIPPED_PREFIX))
    return `${prefix} ${marks.fail} SKIPPED (recorded as failed): ${row.value.slice(SKIPPED_PREFIX.length)}`;
  const parts = [
    row.result === 1 ? marks.pass : marks.fail,
    formatResultValue(row.value, row),
    typeof row.value === 'number' ? formatLimits(row.lower, row.upper, row.unit) : '',
  ];
  return `${prefix} ${parts.filter((part) => part !== '').join(' ')}`;
}

/** The line of a step the instrument failed: `[5/16] IL max: ERROR <the instrument's message>`. */
export function errorLine(index: number, count: number, stepName: string, message: string): string {
  return `[${index}/${count}] ${stepName}: ERROR ${message}`;
}
