/**
 * Steps that refer to earlier steps (spec 1 section 4, "Diff and depending steps"): a Diff
 * subtracts two earlier measurements, and Rejection and Coupler steps are relative to an earlier
 * insertion-loss, attenuation, isolation or gain step.
 */
import {
  ActionId,
  ActionInfo,
  familyUnit,
  findAction,
  InstrumentId,
  isKnownAction,
  MeasurementFamily,
} from '../catalogue/catalogue';
import { Step } from '../entities/entities';
import { DiffParam, GeneralNaParam, NO_ID } from '../params/params.types';

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

export function stepFamily(step: Step): MeasurementFamily | undefined {
  return actionOf(step)?.family;
}

/** spec 1 section 4: a Diff has a unit only when both steps measure the same family. */
export function diffUnit(a: Step | undefined, b: Step | undefined): string {
  const family = a && stepFamily(a);
  return family && b && stepFamily(b) === family ? familyUnit(family) : '';
}

/** The id when it still names one of the candidates, NO_ID otherwise. */
function keepIfCandidate(id: number, candidates: readonly Step[]): number {
  return candidates.some((s) => s.id === id) ? id : NO_ID;
}

function withValidReferences(step: Step, index: number, steps: readonly Step[]): Step {
  const action = actionOf(step);
  // the catalogue's paramKind decides the param shape, so these casts follow the action
  if (action?.paramKind === 'diff') {
    const param = step.param as DiffParam;
    const candidates = diffCandidates(steps, index);
    const stepId1 = keepIfCandidate(param.stepId1, candidates);
    const stepId2 = keepIfCandidate(param.stepId2, candidates);
    if (stepId1 === param.stepId1 && stepId2 === param.stepId2) return step;
    return { ...step, param: { ...param, stepId1, stepId2 } };
  }
  if (action?.usesDependingStep) {
    const param = step.param as GeneralNaParam;
    const bindStepId = keepIfCandidate(param.bindStepId, dependingStepCandidates(steps, index));
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
