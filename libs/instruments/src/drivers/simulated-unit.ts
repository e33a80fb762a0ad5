import type { Instrument } from './connect';
import { SIMULATOR_MARK } from '../simulators/sim-identities';
import type { Identity } from './identity';

/**
 * On Sweepline's own simulators the runner says which unit it measures and which step comes
 * next (`:SIM:DUT`, docs/instruments.md "Demo units"): the simulators then play that unit, as an
 * operator connects it to a real instrument. A real instrument is never sent the command.
 */
export interface MeasuredUnit {
  readonly product: string;
  readonly serial: string;
  /** The catalogue action of the step about to be measured. */
  readonly actionId?: number;
}

/**
 * A simulator answers *IDN? with a fifth field, SIMULATOR_MARK, after the realistic four it is
 * configured with; no maker's instrument does.
 */
export function isSweeplineSimulator(identity: Identity): boolean {
  return identity.idn
    .split(',')
    .slice(4)
    .some((field) => field.trim() === SIMULATOR_MARK);
}

/** A SCPI string: in double quotes, a quote inside doubled (IEEE 488.2). */
const scpiString = (text: string) => `"${text.replace(/"/g, '""')}"`;

export async function announceUnit(instrument: Instrument, unit: MeasuredUnit): Promise<void> {
  if (!isSweeplineSimulator(instrument.identity)) return;
  const action = unit.actionId === undefined ? '' : `,${unit.actionId}`;
  await instrument.session.write(`:SIM:DUT ${scpiString(unit.product)},${scpiString(unit.serial)}${action}`);
}
