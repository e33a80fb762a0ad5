import type { DiffParam, GeneralNaParam, Step, StepParam } from '@sweepline/domain';
import { clearStaleReferences, findAction } from '@sweepline/domain';
import { hasValidParam } from '@sweepline/domain';

/**
 * clearStaleReferences (docs/requirements/test-editor.md) for the steps of `only`, or for every step: after a
 * copy only the new steps are cleaned, so a step the user left pointing at a later step keeps its
 * choice and stays incomplete, as the editor shows it.
 */
export function withoutStaleReferences(steps: readonly Step[], only?: ReadonlySet<number>): Step[] {
  const cleared = clearStaleReferences(steps);
  return only ? cleared.map((step, i) => (only.has(step.id) ? step : steps[i]!)) : cleared;
}

/**
 * The param of a copied step with its references (Diff stepId1/2, a depending step's bindStepId)
 * moved to the copies of the steps they named. A reference to a step that was not copied is kept;
 * withoutStaleReferences then clears it when it names nothing valid in the target test.
 */
export function withCopiedReferences(step: Step, newIds: ReadonlyMap<number, number>): StepParam {
  if (!hasValidParam(step)) return step.param;
  const moved = (id: number) => newIds.get(id) ?? id;
  const action = findAction(step.actionId);
  if (action?.paramKind === 'diff') {
    const param = step.param as DiffParam;
    return { ...param, stepId1: moved(param.stepId1), stepId2: moved(param.stepId2) };
  }
  if (action?.usesDependingStep) {
    const param = step.param as GeneralNaParam;
    return { ...param, bindStepId: moved(param.bindStepId) };
  }
  return step.param;
}

/** Copies of `steps` under the new ids, in order, with their references moved along. */
export function copiesOf(steps: readonly Step[], ids: readonly number[]): Step[] {
  const newIds = new Map(steps.map((step, i) => [step.id, ids[i]!]));
  return steps.map((step, i) => ({ ...step, id: ids[i]!, param: withCopiedReferences(step, newIds) }));
}
