/**
 * Value rules of the network-analyzer params other than Align (docs/requirements/step-parameters.md#alignment-check): the general
 * measurement, Cable, Diff and Save SnP. The param's shape is already checked (shape.ts).
 */
import { sParamChoices } from '../calibration/calibration';
import { getAction } from '../catalogue/catalogue';
import { namesDependingCandidate, namesDiffCandidate } from '../dependencies/dependencies';
import type { Step } from '../entities/entities';
import { LIMITS } from '../limits/limits';
import type { CableParam, DiffParam, GeneralNaParam, SnpParam } from '../params/params.types';
import { NO_ID } from '../params/params.types';
import type { FieldCheck, FieldError, NumberRule } from './fields';
import {
  atLeast,
  atMost,
  fieldErrors,
  greaterThan,
  isFiniteNumber,
  requiredName,
  requiredNumber,
} from './fields';
import { VMSG } from './messages';
import type { StepContext } from './param-rules';
import {
  calFrequencyError,
  calibrationError,
  findCalibration,
  frequencyRangeChecks,
  gatingChecks,
  limitChecks,
  measureChecks,
} from './param-rules';

/** A Cross xMHz window: positive and no wider than the measured range. */
function spanError(p: GeneralNaParam): string | undefined {
  const { startFreq_MHz: start, stopFreq_MHz: stop, spanFreq_MHz: span } = p;
  const tooWide =
    isFiniteNumber(start) && isFiniteNumber(stop) && isFiniteNumber(span) && span > stop - start;
  return requiredNumber(span, greaterThan(0)) ?? (tooWide ? VMSG.spanTooLarge : undefined);
}

/** An id of a step before the checked one that `isCandidate` accepts; NO_ID is never chosen. */
function isChosen(
  id: number,
  ctx: StepContext,
  isCandidate: (steps: readonly Step[], index: number, id: number) => boolean,
): boolean {
  return id !== NO_ID && isCandidate(ctx.steps, ctx.index, id);
}

export function generalParamErrors(p: GeneralNaParam, step: Step, ctx: StepContext): FieldError[] {
  const action = getAction(step.actionId);
  const cal = findCalibration(ctx.cals, p.calId);
  const choices = sParamChoices(step.actionId, cal);
  const frequencies: FieldCheck[] = action.singleFrequency
    ? [['freq_MHz', calFrequencyError(p.freq_MHz, cal)]]
    : frequencyRangeChecks(p, cal);
  // only Rejection and Coupler steps look at earlier steps: scanning for every step makes
  // validating a whole test quadratic
  const unbound = action.usesDependingStep && !isChosen(p.bindStepId, ctx, namesDependingCandidate);
  return fieldErrors([
    ['title', requiredName(p.title)],
    ['calId', calibrationError(cal)],
    ['sParam', choices.includes(p.sParam) ? undefined : VMSG.chooseSParam],
    ...frequencies,
    ['spanFreq_MHz', action.usesSpan ? spanError(p) : undefined],
    ['bindStepId', unbound ? VMSG.chooseDependingStep : undefined],
    ...limitChecks(p),
    ...measureChecks(p),
    ...gatingChecks(p),
  ]);
}

export function cableParamErrors(p: CableParam, _step: Step, ctx: StepContext): FieldError[] {
  const cal = findCalibration(ctx.cals, p.calId);
  // docs/requirements/step-parameters.md#other-parameter-rules: port limits are at least 0 only for SWR; a return loss limit may be negative
  const portRules: NumberRule[] = p.port12MeasType === 'SWR' ? [atLeast(0)] : [];
  return fieldErrors([
    ['title', requiredName(p.title)],
    ['calId', calibrationError(cal)],
    ...frequencyRangeChecks(p, cal),
    ['port1Limit', requiredNumber(p.port1Limit, ...portRules)],
    ['port2Limit', requiredNumber(p.port2Limit, ...portRules)],
    ['transLossLimit_dB', requiredNumber(p.transLossLimit_dB, atMost(0))],
    ...measureChecks(p),
    ...gatingChecks(p),
  ]);
}

export function diffParamErrors(p: DiffParam, _step: Step, ctx: StepContext): FieldError[] {
  const chosen = (id: number) => (isChosen(id, ctx, namesDiffCandidate) ? undefined : VMSG.chooseStep);
  return fieldErrors([
    ['title', requiredName(p.title)],
    ['stepId1', chosen(p.stepId1)],
    ['stepId2', chosen(p.stepId2) ?? (p.stepId1 === p.stepId2 ? VMSG.sameSteps : undefined)],
    ...limitChecks(p),
  ]);
}

/** The SnP file name: a name (no \ / : * ? " < > |) of up to 200 characters. */
export function snpParamErrors(p: SnpParam): FieldError[] {
  return fieldErrors([['value', requiredName(p.value, LIMITS.longTextLength)]]);
}
