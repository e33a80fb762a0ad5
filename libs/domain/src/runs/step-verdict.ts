import type { ResultValue, StepResult } from '../api/results';
import type { StepVerdict } from '../results/verdict';
import { judge } from '../trace-math/judge';

/**
 * The value of a step the operator skipped after an instrument failed starts with this
 * (`skipped: <the instrument's message>`); the runner records such a step as failed.
 */
export const SKIPPED_PREFIX = 'skipped: ';

/**
 * A limit as the server judges it: a number, or a text that reads as one ("15"), since it is
 * shown as that number; any other text ("n/a") limits nothing, as null does.
 */
function limitOf(limit: ResultValue): number | null {
  if (typeof limit === 'number') return limit;
  const number = typeof limit === 'string' && limit.trim() !== '' ? Number(limit) : NaN;
  return Number.isFinite(number) ? number : null;
}

function numericVerdictError(step: StepResult, value: number): string | undefined {
  const [lower, upper] = [limitOf(step.lower), limitOf(step.upper)];
  if (judge(value, { lower, upper }) === step.result) return undefined;
  if (step.result === 0) return `value ${value} is within its limits, but the step is marked failed`;
  return upper !== null && value > upper
    ? `value ${value} is above the upper limit ${upper}, but the step is marked passed`
    : `value ${value} is below the lower limit ${lower}, but the step is marked passed`;
}

/** `"yes"`, or `one of "Red", "Blue"`: the answers that pass, as a message names them. */
function expectedText(expected: readonly string[]): string {
  const quoted = expected.map((answer) => JSON.stringify(answer)).join(', ');
  return expected.length === 1 ? quoted : `one of ${quoted}`;
}

/**
 * The verdict of an answered step (a Question, a Multiple Choice), the runner's and the server's:
 * passed when the answer is one of the answers that pass, compared exactly. By text, so two
 * options the operator cannot tell apart (the same text, one checked) mean the same answer.
 */
export function answerVerdict(answer: string, expected: readonly string[]): StepVerdict {
  return expected.includes(answer) ? 1 : 0;
}

function answerVerdictError(answer: string, expected: readonly string[], result: 0 | 1): string | undefined {
  const passes = answerVerdict(answer, expected) === 1;
  if ((passes ? 1 : 0) === result) return undefined;
  const quoted = JSON.stringify(answer);
  if (expected.length === 0) return `answer ${quoted} has no expected answer, but the step is marked passed`;
  return passes
    ? `answer ${quoted} is the expected ${expectedText(expected)}, but the step is marked failed`
    : `answer ${quoted} is not the expected ${expectedText(expected)}, but the step is marked passed`;
}

/**
 * The server's verdict on one uploaded step result (docs/api/runs.md, "The server's verdict"),
 * the rules the runner judges with:
 * - a numeric value against its limits with judge(), the rule of every measuring step;
 * - a text value with `expected` (a Question's or a Multiple Choice's row): passed iff it is one
 *   of them;
 * - a skipped step's value (SKIPPED_PREFIX): failed.
 * Headings, null values (alignment rows) and other texts (rows without `expected`, from older
 * runners or scripts) are not judged.
 * Returns what contradicts the flag, or undefined.
 */
export function stepVerdictError(step: StepResult): string | undefined {
  const { value, result } = step;
  if (step.isHeader) return undefined;
  if (typeof value === 'number') return numericVerdictError(step, value);
  if (typeof value !== 'string') return undefined;
  if (step.expected) return answerVerdictError(value, step.expected, result);
  if (value.startsWith(SKIPPED_PREFIX) && result === 1)
    return `the step was skipped (${JSON.stringify(value)}), but it is marked passed`;
  return undefined;
}
