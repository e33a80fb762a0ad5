/**
 * validateStepParam: every rule of docs/requirements/step-parameters.md#other-parameter-rules on a step's param, for every action. The API
 * calls it with params straight from JSON, so it never throws: a step of an unknown action or a
 * param of the wrong shape comes back as errors, and value rules run only on a well-shaped param.
 */
import type { ParamKind } from '../catalogue/catalogue';
import { findAction } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import { MSG } from '../limits/messages';
import type { ParamByKind } from '../params/params.types';
import type { FieldError } from './fields';
import { alignParamErrors } from './params-align';
import {
  delayParamErrors,
  manualParamErrors,
  multipleChoiceParamErrors,
  questionParamErrors,
  textParamErrors,
} from './params-common';
import { cableParamErrors, diffParamErrors, generalParamErrors, snpParamErrors } from './params-na';
import { pimFixParamErrors, pimSweepParamErrors } from './params-pim';
import type { StepContext } from './param-rules';
import { paramShapeErrors } from './shape';

export type { StepContext } from './param-rules';

type ParamRules<K extends ParamKind> = (param: ParamByKind[K], step: Step, ctx: StepContext) => FieldError[];

const RULES: { readonly [K in ParamKind]: ParamRules<K> } = {
  text: textParamErrors,
  delay: delayParamErrors,
  manual: manualParamErrors,
  question: questionParamErrors,
  multipleChoice: multipleChoiceParamErrors,
  general: generalParamErrors,
  cable: cableParamErrors,
  align: alignParamErrors,
  diff: diffParamErrors,
  snp: snpParamErrors,
  pimFix: pimFixParamErrors,
  pimSweep: pimSweepParamErrors,
};

function kindErrors<K extends ParamKind>(
  kind: K,
  param: unknown,
  step: Step,
  ctx: StepContext,
): FieldError[] {
  const shapeErrors = paramShapeErrors(kind, param);
  if (shapeErrors.length > 0) return shapeErrors;
  return RULES[kind](param as ParamByKind[K], step, ctx);
}

/**
 * The errors of the step's param in the order of the parameter panel, an empty list when the
 * step can run. `ctx` is the test around it: the calibrations and the earlier steps that Diff,
 * Rejection and Coupler steps refer to.
 */
export function validateStepParam(step: Step, ctx: StepContext): FieldError[] {
  const action = findAction(step.actionId);
  if (!action || action.instrumentId !== step.instrumentId)
    return [{ field: 'actionId', message: MSG.chooseType }];
  return kindErrors(action.paramKind, step.param, step, ctx);
}
