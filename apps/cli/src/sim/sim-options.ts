import { InvalidArgumentError } from 'commander';
import {
  DRIFT_RULE,
  parseDrift,
  parseFault,
  parseSimConfig,
  FAULT_KINDS,
  SIM_FAMILIES,
  SimConfigError,
} from '@sweepline/instruments';
import type { Drift, Fault, SimFamily, SimIdentities } from '@sweepline/instruments';

/**
 * Checks of `sweepline sim`'s options, as commander argument parsers: a bad value is refused
 * with a message saying what is allowed (commander prints it; the program exits with 2).
 * Environment values go through the same checks.
 */
export function parseFamilies(value: string, previous: SimFamily[] | undefined): SimFamily[] {
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  for (const name of names) {
    if (!(SIM_FAMILIES as readonly string[]).includes(name)) {
      throw new InvalidArgumentError(`Unknown family '${name}': choose from ${SIM_FAMILIES.join(', ')}.`);
    }
  }
  if (names.length === 0) throw new InvalidArgumentError(`Name a family: ${SIM_FAMILIES.join(', ')}.`);
  return [...(previous ?? []), ...(names as SimFamily[])];
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65535) {
    throw new InvalidArgumentError(
      `A port is a whole number from 0 to 65535 (0: any free port), not '${value}'.`,
    );
  }
  return port;
}

export function parseFaultOption(value: string): Fault {
  const fault = parseFault(value);
  if (!fault) {
    throw new InvalidArgumentError(
      `Choose a fault from ${FAULT_KINDS.join(', ')} (or ERROR,<code> or SLOW,<seconds>).`,
    );
  }
  return fault;
}

/** --drift parameter:step: the process drift the simulators play over units (issue 41). */
export function parseDriftOption(value: string): Drift {
  const drift = parseDrift(value);
  if (!drift) throw new InvalidArgumentError(`Give a drift as ${DRIFT_RULE}; like insertion-loss:0.01.`);
  return drift;
}

export function parseTimeScale(value: string): number {
  const scale = Number(value);
  if (value.trim() === '' || !Number.isFinite(scale) || scale < 0 || scale > 1000) {
    throw new InvalidArgumentError(`The time scale is a number from 0 (instant) to 1000, not '${value}'.`);
  }
  return scale;
}

/** --idn family=maker,model,serial,firmware (repeatable): one simulator's *IDN? answer. */
export function parseIdnOption(value: string, previous: SimIdentities | undefined): SimIdentities {
  const at = value.indexOf('=');
  const family = value.slice(0, Math.max(at, 0)).trim().toLowerCase();
  if (at < 0 || !(SIM_FAMILIES as readonly string[]).includes(family))
    throw new InvalidArgumentError(
      `Give a family and its answer, like ena=Keysight Technologies,E5071C,MY46107723,B.14.10 (families: ${SIM_FAMILIES.join(', ')}).`,
    );
  const idn = value.slice(at + 1).trim();
  try {
    parseSimConfig({ idn: { [family]: idn } });
  } catch (error) {
    if (error instanceof SimConfigError) throw new InvalidArgumentError(`${family}: ${error.message}`);
    throw error;
  }
  return { ...previous, [family]: idn };
}
