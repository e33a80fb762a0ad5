import type { Instrument } from './connect';
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

/** The simulators' serial numbers (SIM00ENA01, 1311601044SIM…) start or end with SIM; no maker's do. */
export function isSweeplineSimulator(identity: Identity): boolean {
  return /^SIM|SIM$/.test(identity.serial);
}

/** A SCPI string: in double quotes, a quote inside doubled (IEEE 488.2). */
const scpiString = (text: string) => `"${text.replace(/"/g, '""')}"`;

export async function announceUnit(instrument: Instrument, unit: MeasuredUnit): Promise<void> {
  if (!isSweeplineSimulator(instrument.identity)) return;
  const action = unit.actionId === undefined ? '' : `,${unit.actionId}`;
  await instrument.session.write(`:SIM:DUT ${scpiString(unit.product)},${scpiString(unit.serial)}${action}`);
}
