import type { ScpiSession } from '../transport/scpi-session';
import type { CalibrationStep, ChannelSetup, TraceSetup } from './network-analyzer';

/** What a family's calibration sends: before the first standard, per standard, and to finish. */
export interface CalibrationScript {
  readonly start: readonly string[];
  readonly acquire: (step: CalibrationStep) => readonly string[];
  readonly save: readonly string[];
}

/** The FAQ check: commands that define the last channel and trace, and how to undo them. */
export interface CapacityProbe {
  readonly probe: readonly string[];
  readonly cleanup: readonly string[];
  /** Where the operator changes the limit, for the error message. */
  readonly advice: string;
}

/** What the driver knows of a channel it set up. */
export interface ChannelRecord {
  setup: ChannelSetup | undefined;
  traces: readonly TraceSetup[];
}

/**
 * Settings one command at a time, each followed by its error check: when the instrument refuses
 * one, the error names that command ('SENS1:BWID 1e9'), not a group of twenty.
 */
export async function writeEach(session: ScpiSession, commands: readonly string[]): Promise<void> {
  for (const command of commands) await session.write(command);
}

export function checkChannel(channel: number): void {
  if (!Number.isInteger(channel) || channel < 1 || channel > 160) {
    throw new RangeError(`Channel numbers run from 1 to 160, not ${channel}`);
  }
}
