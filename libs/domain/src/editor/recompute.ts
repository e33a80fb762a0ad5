import { alignmentsAfterCalibrationChange } from '../alignment/alignment';
import { keepValidSParam, sParamChoices } from '../calibration/calibration';
import type { Calibration } from '../calibration/calibration.types';
import { findAction } from '../catalogue/catalogue';
import type { Seq, Step } from '../entities/entities';
import { applyDefaultName } from '../naming/apply-default-name';
import { NO_ID, type AlignParam, type CableParam, type GeneralNaParam } from '../params/params.types';
import { withCompleteness } from '../validation/completeness';
import { isParamShape } from '../validation/shape';

/**
 * What the server works out again after every change of a test (issue 4, "Test editor"): the
 * default names, which number Diff steps by position, then every step's isCompleted and errors
 * and the test's own isCompleted. All with libs/domain; nothing here is a rule of its own.
 */

/** A param of the wrong shape (stored before a check existed) is left alone, never a crash. */
export function hasValidParam(step: Step): boolean {
  const kind = findAction(step.actionId)?.paramKind;
  return kind !== undefined && isParamShape(kind, step.param);
}

export function recomputeSeq(seq: Seq): Seq {
  const numbers = new Map(seq.steps.map((step, index) => [step.id, index + 1]));
  const context = { stepNumberOf: (id: number) => numbers.get(id) };
  const steps = seq.steps.map((step) => (hasValidParam(step) ? applyDefaultName(step, context).step : step));
  return withCompleteness({ ...seq, steps });
}

function calOf(cals: readonly Calibration[], calId: number): Calibration | undefined {
  return cals.find((cal) => cal.id === calId);
}

/**
 * docs/requirements/step-parameters.md#s-parameter-choices, "Calibration and S parameter": after the calibrations change, a step whose
 * calibration is gone has none chosen, and an S parameter its calibration no longer offers is
 * cleared (keepValidSParam, alignmentsAfterCalibrationChange).
 */
export function stepAfterCalibrationChange(step: Step, cals: readonly Calibration[]): Step {
  if (!hasValidParam(step)) return step;
  const kind = findAction(step.actionId)?.paramKind;
  if (kind === 'general') {
    const param = step.param as GeneralNaParam;
    const cal = calOf(cals, param.calId);
    const calId = cal ? param.calId : NO_ID;
    const sParam = keepValidSParam(param.sParam, sParamChoices(step.actionId, cal));
    if (calId === param.calId && sParam === param.sParam) return step;
    return { ...step, param: { ...param, calId, sParam } };
  }
  if (kind === 'cable') {
    const param = step.param as CableParam;
    return calOf(cals, param.calId) || param.calId === NO_ID
      ? step
      : { ...step, param: { ...param, calId: NO_ID } };
  }
  if (kind === 'align') {
    const param = step.param as AlignParam;
    const channelArray = param.channelArray.map((a) =>
      alignmentsAfterCalibrationChange(a, calOf(cals, a.calId)),
    );
    return { ...step, param: { ...param, channelArray } };
  }
  return step;
}
