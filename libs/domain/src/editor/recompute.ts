import { alignmentsAfterCalibrationChange } from '../alignment/alignment';
import { keepValidSParam, sParamChoices } from '../calibration/calibration';
import type { Calibration } from '../calibration/calibration.types';
import { findAction } from '../catalogue/catalogue';
import type { Seq, Step } from '../entities/entities';
import { applyDefaultName } from '../naming/apply-default-name';
import type { DefaultNameContext } from '../naming/default-name';
import { defaultParam, paramAfterTypeChange } from '../params/defaults';
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

/** Default names number a Diff's steps by their place in the test. */
function placesIn(steps: readonly Step[]): DefaultNameContext {
  const numbers = new Map(steps.map((step, index) => [step.id, index + 1]));
  return { stepNumberOf: (id: number) => numbers.get(id) };
}

export function recomputeSeq(seq: Seq): Seq {
  const context = placesIn(seq.steps);
  const steps = seq.steps.map((step) => (hasValidParam(step) ? applyDefaultName(step, context).step : step));
  return withCompleteness({ ...seq, steps });
}

/**
 * The name `step` of the test `steps` has with `param`: its default name made from `param` when
 * it has one (spec "Default-name steps": regenerated from the parameters), else its own name. The
 * editor shows it while the draft is not saved, and sends it with the draft, as recomputeSeq
 * makes it on the server.
 */
export function nameWithParam(step: Step, param: Step['param'], steps: readonly Step[]): string {
  const drafted = { ...step, param };
  if (!step.isDefaultName || !hasValidParam(drafted)) return step.name;
  return applyDefaultName(drafted, placesIn(steps)).step.name;
}

/**
 * The default name the step dialog's save gives a step of `type` in the test `steps`: a new one
 * (`before` undefined) has its action's default param, an edited one keeps its param unless its
 * type changes (paramAfterTypeChange), as the server makes them.
 */
export function dialogDefaultName(
  type: Pick<Step, 'instrumentId' | 'actionId'>,
  before: Step | undefined,
  steps: readonly Step[],
): string {
  const step: Step = before
    ? { ...before, ...type, isDefaultName: true }
    : {
        ...type,
        id: NO_ID,
        name: '',
        isDefaultName: true,
        param: defaultParam(type.actionId),
        isCompleted: false,
        errors: [],
      };
  return nameWithParam(step, before ? paramAfterTypeChange(before, type) : step.param, steps);
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
