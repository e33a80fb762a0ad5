/**
 * Value rules of the PIM params (docs/requirements/step-parameters.md#pim-steps): carrier power and offset with
 * their decimals, the fixed tones and their duration, the swept ranges and their count.
 */
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import type { PimCommonParam, PimFixParam, PimSweepParam } from '../params/params.types';
import type { FieldCheck, FieldError } from './fields';
import {
  atLeast,
  between,
  decimals,
  fieldErrors,
  greaterThan,
  integer,
  requiredName,
  requiredNumber,
  startAfterStop,
} from './fields';
import { limitChecks } from './param-rules';

const frequency = (value: number | null) => requiredNumber(value, greaterThan(0));

function pimCommonChecks(p: PimCommonParam): FieldCheck[] {
  return [
    // docs/requirements/step-parameters.md#pim-steps: power output has 2 decimals, the offset 1
    ['powerOutput', requiredNumber(p.powerOutput, atLeast(0), decimals(2))],
    ['powerOffset', requiredNumber(p.powerOffset, atLeast(0), decimals(1))],
    ...limitChecks(p),
  ];
}

export function pimFixParamErrors(p: PimFixParam): FieldError[] {
  return fieldErrors([
    ['title', requiredName(p.title)],
    ['fix1_MHz', frequency(p.fix1_MHz)],
    ['fix2_MHz', frequency(p.fix2_MHz)],
    [
      'fixTime_sec',
      requiredNumber(p.fixTime_sec, integer, between(LIMITS.minFixTime_sec, LIMITS.maxFixTime_sec)),
    ],
    ...pimCommonChecks(p),
  ]);
}

/** One swept carrier: both ends above 0 and the start not above the stop. */
function sweepChecks(
  startField: string,
  start: number | null,
  stopField: string,
  stop: number | null,
): FieldCheck[] {
  return [
    [startField, frequency(start) ?? startAfterStop(start, stop, MSG.lineStartGreaterThanStop)],
    [stopField, frequency(stop)],
  ];
}

export function pimSweepParamErrors(p: PimSweepParam): FieldError[] {
  return fieldErrors([
    ['title', requiredName(p.title)],
    ...sweepChecks('sweep1Start_MHz', p.sweep1Start_MHz, 'sweep1Stop_MHz', p.sweep1Stop_MHz),
    ...sweepChecks('sweep2Start_MHz', p.sweep2Start_MHz, 'sweep2Stop_MHz', p.sweep2Stop_MHz),
    ['sweepStep_MHz', frequency(p.sweepStep_MHz)],
    [
      'sweepCount',
      requiredNumber(p.sweepCount, integer, between(LIMITS.minSweepCount, LIMITS.maxSweepCount)),
    ],
    ...pimCommonChecks(p),
  ]);
}
