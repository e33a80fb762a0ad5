/**
 * A run stores the limits of the content it ran: the step-result templates (results.ts, made from
 * the draft) as a run of an older release stores them, where that release had other limits.
 */
import type { ReleaseContent, Step, StepResult } from '@sweepline/domain';
import { getAction, judge } from '@sweepline/domain';
import type { Template } from './results';
import { rowModels } from './results';
import type { BuiltTest } from './tests';

/** Step kinds whose one row carries the step's own lower and upper limits. */
const ONE_LIMITED_ROW = new Set(['general', 'diff', 'manual', 'pimFix', 'pimSweep']);

interface RowLimits {
  /** The row's index in a template's rows. */
  row: number;
  lower: number | null;
  upper: number | null;
  /** A passing row's value inside them, for a template value they would fail. */
  nominal: number;
}

const limitsOf = (step: Step) =>
  step.param as unknown as { title?: string; lower: number | null; upper: number | null };

/**
 * The rows whose limits differ between the draft and `content`. The seed's older contents change
 * only what rows do not show (gating, averaging, prompts, a delay) and the limits of one-row
 * steps: anything else is a mistake of the history, and throws.
 */
export function changedLimits(test: BuiltTest, content: ReleaseContent): RowLimits[] {
  const older = new Map(content.steps.map((s) => [s.id, s]));
  const changed: RowLimits[] = [];
  let row = 0;
  test.steps.forEach((step, i) => {
    const rows = rowModels(step, test.spec.steps[i]!).length;
    const then = older.get(step.id);
    const kind = getAction(step.actionId).paramKind;
    const now = limitsOf(step);
    const was = then && limitsOf(then);
    const problem =
      rows > 0 && !was
        ? 'a step with results that the older release did not have'
        : was && was.title !== now.title
          ? 'another title'
          : kind === 'cable' && JSON.stringify(then!.param) !== JSON.stringify(step.param)
            ? 'other Cable parameters'
            : undefined;
    if (problem)
      throw new Error(`Seed test ${test.spec.name}, step ${step.name}: ${problem} in an older release`);
    if (was && (was.lower !== now.lower || was.upper !== now.upper)) {
      if (!ONE_LIMITED_ROW.has(kind))
        throw new Error(`Seed test ${test.spec.name}, step ${step.name}: limits it cannot store`);
      changed.push({ row, lower: was.lower, upper: was.upper, nominal: test.spec.steps[i]!.nominal ?? 0 });
    }
    row += rows;
  });
  return changed;
}

/**
 * A template's rows under older limits. A passing row stays passing (a value they fail becomes
 * the step's nominal value, which the runs draw around anyway); a failing row must fail them too,
 * so an older release's limits are as tight as the draft's or tighter, which throws otherwise.
 */
export function rowsUnder(template: Template, limits: readonly RowLimits[]): StepResult[] {
  const steps = [...template.steps];
  for (const { row, lower, upper, nominal } of limits) {
    const old = steps[row];
    if (!old) continue; // an aborted run that stopped before the step
    const value = typeof old.value === 'number' ? old.value : null;
    const verdict = value === null ? old.result : judge(value, { lower, upper });
    if (old.result === 0 && verdict === 1) {
      throw new Error(`Row ${old.title}: a failing value that the older limits pass (make them tighter)`);
    }
    const kept = old.result === 1 && verdict === 0 ? nominal : old.value;
    if (old.result === 1 && judge(nominal, { lower, upper }) === 0 && verdict === 0) {
      throw new Error(`Row ${old.title}: its nominal value is outside the older limits`);
    }
    steps[row] = { ...old, lower, upper, value: kept };
  }
  return steps;
}
