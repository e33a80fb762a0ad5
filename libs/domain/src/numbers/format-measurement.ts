/**
 * How a measured value, a limit or a statistic prints, the same on /tr, in the PDF and in the
 * CLI: four significant digits (1.537 dB, Cpk 0.8767), and as many more as it takes for the
 * numbers printed together (a step's value and limits) to stay apart, so that limits of
 * 10000000 and 10000000.4 never both print as 10000000. Written out without an exponent from
 * 1e-6 to 1e15, which covers dB, ns, degrees, MHz and σ of a few thousandths.
 */

/** A step result's limit or value, as StepResult carries it: a number, a text, or none. */
export type PrintedValue = number | string | null;

const MIN_DIGITS = 4;
/** Enough for any two distinct doubles to print differently. */
const MAX_DIGITS = 17;
const SMALLEST_WRITTEN_OUT = 1e-6;
const LARGEST_WRITTEN_OUT = 1e15;

function withDigits(n: number, digits: number): string {
  if (!Number.isFinite(n)) return String(n);
  const magnitude = Math.abs(n);
  if (magnitude === 0) return '0';
  if (magnitude < SMALLEST_WRITTEN_OUT || magnitude >= LARGEST_WRITTEN_OUT) {
    return String(Number(n.toPrecision(digits)));
  }
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(magnitude)));
  const text = n.toFixed(decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** The fewest digits (from four) with which distinct numbers of `numbers` print distinctly. */
function digitsFor(numbers: readonly number[]): number {
  const distinct = [...new Set(numbers)];
  for (let digits = MIN_DIGITS; digits < MAX_DIGITS; digits++) {
    if (new Set(distinct.map((n) => withDigits(n, digits))).size === distinct.length) return digits;
  }
  return MAX_DIGITS;
}

export interface MeasurementContext {
  /** The numbers printed beside this one (a step's limits and value); texts and nulls are ignored. */
  limits?: readonly (PrintedValue | undefined)[];
}

const numbersOf = (values: readonly (PrintedValue | undefined)[]): number[] =>
  values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));

export function formatMeasurement(value: number, context: MeasurementContext = {}): string {
  return withDigits(value, digitsFor([value, ...numbersOf(context.limits ?? [])]));
}

/** A step result's limit or value as printed in its row: texts as sent, null as nothing. */
export function formatStepValue(
  value: PrintedValue,
  step: { lower: PrintedValue; upper: PrintedValue; value: PrintedValue },
): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  return formatMeasurement(value, { limits: [step.lower, step.upper, step.value] });
}
