import type { ResultValue, StepResult } from '@sweepline/domain';

/**
 * One result row as the operator reads it in the terminal and in the plain log (issue 28):
 * `[3/16] Insertion Loss Max - S12 (500 - 700 MHz): FAIL 1.43 dB (limit ≤ 1.2 dB)`. Pure, so the
 * terminal view, the plain log and their tests print the same words.
 */

/** The engine's value of a skipped step starts with this (engine.ts, withChoices). */
export const SKIPPED_PREFIX = 'skipped: ';

/** Significant digits a measured value is shown with, unless a limit needs more (see `shown`). */
const DIGITS = 3;
const MAX_DIGITS = 9;

function withDigits(value: number, digits: number): string {
  // at least one decimal: -158.3 dBc keeps it, 0.0123 its three significant digits
  const whole = Math.floor(Math.log10(Math.abs(value) || 1)) + 1;
  const decimals = Math.max(1, Math.min(MAX_DIGITS, digits - whole));
  return String(Number(value.toFixed(decimals)));
}

/**
 * A measured value rounded for reading, but never so far that it reads as equal to a limit it
 * does not equal: 1.2004 against an upper limit of 1.2 is shown as 1.2004, not as 1.2.
 */
export function formatValue(value: number, limits: readonly ResultValue[] = []): string {
  if (!Number.isFinite(value)) return String(value);
  for (let digits = DIGITS; digits < MAX_DIGITS; digits++) {
    const text = withDigits(value, digits);
    if (!limits.some((limit) => typeof limit === 'number' && limit !== value && Number(text) === limit))
      return text;
  }
  return String(value);
}

const withUnit = (text: string, unit: string) => (unit ? `${text} ${unit}` : text);

/** `(limit ≤ 1.2 dB)`, `(limit ≥ 18 dB)`, `(limits 0.2 to 1 dB)`; empty without limits. */
export function formatLimits(lower: ResultValue, upper: ResultValue, unit: string): string {
  if (lower !== null && upper !== null) return `(limits ${lower} to ${withUnit(String(upper), unit)})`;
  if (upper !== null) return `(limit ≤ ${withUnit(String(upper), unit)})`;
  if (lower !== null) return `(limit ≥ ${withUnit(String(lower), unit)})`;
  return '';
}

function formatResultValue(value: ResultValue, row: StepResult): string {
  if (value === null) return '';
  if (typeof value === 'number') return withUnit(formatValue(value, [row.lower, row.upper]), row.unit);
  return withUnit(value, row.unit);
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
