/**
 * Rules several step param kinds share: limits, gating, the calibration and its frequency range,
 * and the average / smooth / reference-position trio (docs/requirements/step-parameters.md#other-parameter-rules, "Other parameters").
 */
import type { Calibration } from '../calibration/calibration.types';
import type { Step } from '../entities/entities';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import type { GatingFields, LimitFields } from '../params/params.types';
import type { FieldCheck, NumberRule } from './fields';
import {
  atLeast,
  between,
  integer,
  isFiniteNumber,
  optionalNumber,
  requiredNumber,
  startAfterStop,
} from './fields';
import { VMSG } from './messages';

/** What a param kind's rules may look at besides the param: the test around the step. */
export interface StepContext {
  /** Every step of the test, in order. */
  steps: readonly Step[];
  /** The position of the checked step in `steps`. */
  index: number;
  cals: readonly Calibration[];
}

export function findCalibration(cals: readonly Calibration[], calId: number): Calibration | undefined {
  return cals.find((cal) => cal.id === calId);
}

export function calibrationError(cal: Calibration | undefined): string | undefined {
  return cal ? undefined : VMSG.chooseCalibration;
}

/** Inside the calibration's start-stop range; unchecked while the range itself is incomplete. */
export function inCalRange(cal: Calibration | undefined, message: string): NumberRule {
  return (v) => {
    const start = cal?.startFreq_MHz;
    const stop = cal?.stopFreq_MHz;
    if (!isFiniteNumber(start) || !isFiniteNumber(stop)) return undefined;
    return v >= start && v <= stop ? undefined : message;
  };
}

/** A frequency at least 0 and, once a calibration is chosen, inside its range. */
export function calFrequencyError(
  value: unknown,
  cal: Calibration | undefined,
  outOfRange: string = MSG.lineOutOfCalRange,
): string | undefined {
  return requiredNumber(value, atLeast(0), inCalRange(cal, outOfRange));
}

/** startFreq_MHz and stopFreq_MHz of a step measuring over the range of `cal`. */
export function frequencyRangeChecks(
  p: { startFreq_MHz: number | null; stopFreq_MHz: number | null },
  cal: Calibration | undefined,
): FieldCheck[] {
  return [
    [
      'startFreq_MHz',
      calFrequencyError(p.startFreq_MHz, cal) ??
        startAfterStop(p.startFreq_MHz, p.stopFreq_MHz, MSG.lineStartGreaterThanStop),
    ],
    ['stopFreq_MHz', calFrequencyError(p.stopFreq_MHz, cal)],
  ];
}

/** A check needs a limit to judge against: at least one of upper and lower, lower ≤ upper. */
export function limitChecks(p: Pick<LimitFields, 'upper' | 'lower'>): FieldCheck[] {
  const neither = (p.upper === null || p.upper === undefined) && (p.lower === null || p.lower === undefined);
  return [
    ['upper', neither ? VMSG.enterLimit : optionalNumber(p.upper)],
    ['lower', optionalNumber(p.lower) ?? startAfterStop(p.lower, p.upper, VMSG.lowerAboveUpper)],
  ];
}

export function measureChecks(p: {
  average: number | null;
  smooth: number | null;
  refPos: number | null;
}): FieldCheck[] {
  return [
    ['average', requiredNumber(p.average, integer, atLeast(1))],
    ['smooth', requiredNumber(p.smooth, between(0, LIMITS.maxSmooth))],
    ['refPos', requiredNumber(p.refPos, between(0, LIMITS.maxRefPos))],
  ];
}

/** Gating times matter only while gating is on; the window must then be non-empty. */
export function gatingChecks(p: GatingFields): FieldCheck[] {
  if (!p.isGating) return [];
  const { gatingStart_ns: start, gatingStop_ns: stop } = p;
  const emptyWindow = isFiniteNumber(start) && isFiniteNumber(stop) && start >= stop;
  return [
    ['gatingStart_ns', requiredNumber(start) ?? (emptyWindow ? VMSG.gatingStartNotBelowStop : undefined)],
    ['gatingStop_ns', requiredNumber(stop)],
  ];
}

/** At most `max` items, else the spec's limit alert on the array field. */
export function countCheck(
  field: string,
  list: readonly unknown[],
  max: number,
  message: string,
): FieldCheck {
  return [field, list.length > max ? message : undefined];
}
