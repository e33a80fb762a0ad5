import type { ResultValue, StepResult } from '../api/results';
import { judge } from '../trace-math/judge';

/**
 * A limit as the server judges it: a number, or a text that reads as one ("15"), since it is
 * shown as that number; any other text ("n/a") limits nothing, as null does.
 */
function limitOf(limit: ResultValue): number | null {
  if (typeof limit === 'number') return limit;
  const number = typeof limit === 'string' && limit.trim() !== '' ? Number(limit) : NaN;
  return Number.isFinite(number) ? number : null;
}

/**
 * The server's verdict on one uploaded step result (docs/api/runs.md, "The server's verdict"):
 * a numeric value is judged against its limits with judge(), the rule every measuring step of the
 * runner uses, and must carry the flag judge() gives. Headings and values that are not numbers
 * (answers, choices, alignments, skipped steps) are not judged here.
 * Returns what contradicts the flag, or undefined.
 */
export function stepVerdictError(step: StepResult): string | undefined {
  const { value, result } = step;
  if (step.isHeader || typeof value !== 'number') return undefined;
  const [lower, upper] = [limitOf(step.lower), limitOf(step.upper)];
  if (judge(value, { lower, upper }) === result) return undefined;
  if (result === 0) return `value ${value} is within its limits, but the step is marked failed`;
  return upper !== null && value > upper
    ? `value ${value} is above the upper limit ${upper}, but the step is marked passed`
    : `value ${value} is below the lower limit ${lower}, but the step is marked passed`;
}
