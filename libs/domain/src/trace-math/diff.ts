/**
 * Measurement Difference (Diff): value of the first step minus value of the second, judged
 * against the Diff's own limits. It has a unit only when both steps measure the same family
 * (docs/requirements/step-parameters.md#alignment-check), so "IL Max − Gain Max" is a number in dB but "SWR − Return Loss" has none.
 */
import { diffUnit } from '../dependencies/dependencies';
import type { Step } from '../entities/entities';
import type { DiffParam } from '../params/params.types';
import { TraceError } from './trace-error';
import type { Measurement } from './judge';
import { judge } from './judge';

/** A measured step and the value it reported. */
export interface StepValue {
  step: Step;
  value: number;
}

function checked(which: 'first' | 'second', expectedId: number, sv: StepValue): number {
  if (sv.step.id !== expectedId) {
    throw new TraceError(
      'param',
      `The ${which} step of the Diff is step id ${expectedId}, not ${sv.step.id}`,
    );
  }
  if (!Number.isFinite(sv.value)) {
    throw new TraceError('param', `Step '${sv.step.name}' has no measured value to subtract`);
  }
  return sv.value;
}

export function measureDiff(param: DiffParam, first: StepValue, second: StepValue): Measurement {
  const value = checked('first', param.stepId1, first) - checked('second', param.stepId2, second);
  return { value, unit: diffUnit(first.step, second.step), result: judge(value, param) };
}
