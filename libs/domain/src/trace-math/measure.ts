/**
 * One entry for every action with the general NA step param: which trace format the runner
 * fetches for it, and the function that turns that trace into the step's value and verdict.
 * Cable, Align, Diff and PIM have their own inputs (cable.ts, align.ts, diff.ts, pim.ts).
 */
import { ActionId, getAction } from '../catalogue/catalogue';
import type { GeneralNaParam } from '../params/params.types';
import { narrowGateWarning } from './gating';
import type { Measurement } from './judge';
import { withWarning } from './judge';
import * as mag from './magnitude';
import * as ph from './phase-steps';
import { returnLoss, swr } from './reflection';
import type { DependingTrace, ReferenceMode } from './relative';
import { couplerMax, couplerMin, couplerVariation, rejection } from './relative';
import { TraceError } from './trace-error';
import type { FormattedTrace } from './trace';

/** Log Mag: 20·log10|S| in dB. Phase: degrees (the analyzer's PHAS or UPH format). */
export type TraceFormat = 'logMag' | 'phase';

export interface GeneralInput {
  /** Formatted as traceFormatOf(action) says. */
  trace: FormattedTrace;
  param: GeneralNaParam;
  /** Rejection and Coupler actions: the depending step's Log Mag trace and band. */
  depending?: DependingTrace;
  referenceMode?: ReferenceMode;
}

type Plain = (t: FormattedTrace, p: GeneralNaParam) => Measurement;
type Relative = (t: FormattedTrace, p: GeneralNaParam, d: DependingTrace, m?: ReferenceMode) => Measurement;

const PLAIN: ReadonlyMap<ActionId, Plain> = new Map<ActionId, Plain>([
  [ActionId.InsertionLossMax, mag.insertionLossMax],
  [ActionId.InsertionLossMin, mag.insertionLossMin],
  [ActionId.InsertionLossVariation, mag.insertionLossVariation],
  [ActionId.InsertionLossVariationCross, mag.insertionLossVariationCross],
  [ActionId.InsertionLossAverage, mag.insertionLossAverage],
  [ActionId.ReturnLoss, returnLoss],
  [ActionId.Swr, swr],
  [ActionId.Attenuation, mag.attenuation],
  [ActionId.Isolation, mag.isolation],
  [ActionId.GainMax, mag.gainMax],
  [ActionId.GainMin, mag.gainMin],
  [ActionId.GainVariation, mag.gainVariation],
  [ActionId.GainVariationCross, mag.gainVariationCross],
  [ActionId.GainAverage, mag.gainAverage],
  [ActionId.GroupDelay, ph.groupDelay],
  [ActionId.GroupDelayVariation, ph.groupDelayVariation],
  [ActionId.GroupDelayVariationCross, ph.groupDelayVariationCross],
  [ActionId.Phase, ph.measurePhase],
  [ActionId.PhaseMax, ph.phaseMax],
  [ActionId.PhaseMin, ph.phaseMin],
]);

const RELATIVE: ReadonlyMap<ActionId, Relative> = new Map<ActionId, Relative>([
  [ActionId.Rejection, rejection],
  [ActionId.CouplerMax, couplerMax],
  [ActionId.CouplerMin, couplerMin],
  [ActionId.CouplerVariation, couplerVariation],
]);

/** The actions measureGeneral handles. */
export const GENERAL_MEASURING_ACTIONS: readonly ActionId[] = [...PLAIN.keys(), ...RELATIVE.keys()];

/** The format to fetch for a general measuring action; undefined for any other action. */
export function traceFormatOf(actionId: ActionId): TraceFormat | undefined {
  if (!PLAIN.has(actionId) && !RELATIVE.has(actionId)) return undefined;
  const family = getAction(actionId).family;
  return family === 'groupDelay' || family === 'phase' ? 'phase' : 'logMag';
}

/** The step's value and verdict, with a warning when its gate is narrower than its shape allows. */
export function measureGeneral(actionId: ActionId, input: GeneralInput): Measurement {
  return withWarning(measureUngated(actionId, input), narrowGateWarning(input.param, input.trace.freqs_Hz));
}

function measureUngated(actionId: ActionId, input: GeneralInput): Measurement {
  const plain = PLAIN.get(actionId);
  if (plain) return plain(input.trace, input.param);
  const relative = RELATIVE.get(actionId);
  if (!relative) throw new Error(`Action ${actionId} is not measured from a general NA trace`);
  if (!input.depending) {
    throw new TraceError('param', `${getAction(actionId).name} needs the trace of its depending step`);
  }
  return relative(input.trace, input.param, input.depending, input.referenceMode);
}
