/**
 * Steps that refer to earlier steps (docs/requirements/step-parameters.md#diff-and-depending-steps, "Diff and depending steps"): a Diff
 * subtracts two earlier measurements, and Rejection and Coupler steps are relative to an earlier
 * insertion-loss, attenuation, isolation or gain step.
 */
import type { ActionInfo, MeasurementFamily } from '../catalogue/catalogue';
import { ActionId, familyUnit, findAction, InstrumentId, isKnownAction } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import type { DiffParam, GeneralNaParam } from '../params/params.types';
import { NO_ID } from '../params/params.types';

/** The catalogue entry of a step, or undefined when its instrument and action do not match. */
function actionOf(step: Step): ActionInfo | undefined {
  return isKnownAction(step.instrumentId, step.actionId) ? findAction(step.actionId) : undefined;
}

/** NA actions that yield no single measured trace to subtract. */
const NOT_DIFFABLE: ReadonlySet<ActionId> = new Set([
  ActionId.Diff,
  ActionId.Align,
  ActionId.SaveSnp,
  ActionId.Cable,
]);

function isDiffable(step: Step): boolean {
  return actionOf(step)?.instrumentId === InstrumentId.NetworkAnalyzer && !NOT_DIFFABLE.has(step.actionId);
}

function isDependingCandidate(step: Step): boolean {
  return actionOf(step)?.isDependingCandidate === true;
}

/** The steps before `index` that a Diff at `index` may subtract. */
export function diffCandidates(steps: readonly Step[], index: number): Step[] {
  return steps.slice(0, Math.max(index, 0)).filter(isDiffable);
}

/** The steps before `index` that a Rejection or Coupler step at `index` may depend on. */
export function dependingStepCandidates(steps: readonly Step[], index: number): Step[] {
  return steps.slice(0, Math.max(index, 0)).filter(isDependingCandidate);
}

/**
 * True when `id` names a step before `index` that passes `isCandidate`. Validation asks this for
 * every Diff, Rejection and Coupler step of a test, so it looks in place instead of building the
 * candidate list each time.
 */
function isEarlierCandidate(
  steps: readonly Step[],
  index: number,
  id: number,
  isCandidate: (step: Step) => boolean,
): boolean {
  const end = Math.min(index, steps.length);
  for (let i = 0; i < end; i++) {
    const step = steps[i];
    if (step && step.id === id && isCandidate(step)) return true;
  }
  return false;
}

/** True when `id` names one of the diffCandidates of `index`. */
export function namesDiffCandidate(steps: readonly Step[], index: number, id: number): boolean {
  return isEarlierCandidate(steps, index, id, isDiffable);
}

/** True when `id` names one of the dependingStepCandidates of `index`. */
export function namesDependingCandidate(steps: readonly Step[], index: number, id: number): boolean {
  return isEarlierCandidate(steps, index, id, isDependingCandidate);
}

export function stepFamily(step: Step): MeasurementFamily | undefined {
  return actionOf(step)?.family;
}

/** docs/requirements/step-parameters.md#diff-and-depending-steps: a Diff has a unit only when both steps measure the same family. */
export function diffUnit(a: Step | undefined, b: Step | undefined): string {
  const family = a && stepFamily(a);
  return family && b && stepFamily(b) === family ? familyUnit(family) : '';
}

function withValidReferences(step: Step, index: number, steps: readonly Step[]): Step {
  const action = actionOf(step);
  // the catalogue's paramKind decides the param shape, so these casts follow the action
  if (action?.paramKind === 'diff') {
    const param = step.param as DiffParam;
    const stepId1 = namesDiffCandidate(steps, index, param.stepId1) ? param.stepId1 : NO_ID;
    const stepId2 = namesDiffCandidate(steps, index, param.stepId2) ? param.stepId2 : NO_ID;
    if (stepId1 === param.stepId1 && stepId2 === param.stepId2) return step;
    return { ...step, param: { ...param, stepId1, stepId2 } };
  }
  if (action?.usesDependingStep) {
    const param = step.param as GeneralNaParam;
    const bindStepId = namesDependingCandidate(steps, index, param.bindStepId) ? param.bindStepId : NO_ID;
    return bindStepId === param.bindStepId ? step : { ...step, param: { ...param, bindStepId } };
  }
  return step;
}

/**
 * After a reorder or delete, references to steps that are gone or now come later become NO_ID,
 * so the editor shows them as unset instead of pointing at the wrong step. Steps without a stale
 * reference are returned as the same objects.
 */
export function clearStaleReferences(steps: readonly Step[]): Step[] {
  return steps.map((step, index) => withValidReferences(step, index, steps));
}
