import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isValidStationText,
  ORIGIN_LIMITS,
  ORIGIN_MSG,
  STATION_LIMITS,
  STATION_MSG,
} from '@sweepline/domain';
import { parseVisaResource } from '@sweepline/instruments';
import { configDir } from './app-paths';

/**
 * The lab configuration (`sweepline lab`): which instrument plays which role, by VISA resource
 * string, what each answered to *IDN? when it was checked, whether the network analyzer holds the
 * FAQ's 16 channels with 16 traces, the electronic calibration (ECal) module on the analyzer if
 * the lab has one, and how long a calibration stays valid (a shift).
 */
export interface LabInstrument {
  readonly resource: string;
  /** The *IDN? answer when `sweepline lab` last checked it. */
  readonly idn?: string;
}

export interface LabConfig {
  readonly networkAnalyzer?: LabInstrument;
  readonly pimAnalyzer?: LabInstrument;
  /**
   * The ports of the lab's ECal module (docs/requirements/product.md#supported-instruments: 2-port and 4-port electronic calibration kits),
   * plugged into the network analyzer; without one, calibrations use the mechanical kit.
   */
  readonly ecalPorts?: EcalPorts;
  /** The ECal module's serial number, which each calibration it makes records (issue 40). */
  readonly ecalSerial?: string;
  /** Hours a calibration stays valid after it is made (docs/requirements/runner.md#smart-calibration: the shift, configurable). */
  readonly calibrationHours: number;
  /** When the network analyzer last passed the 16 channels / 16 traces check (ISO 8601). */
  readonly channelsChecked?: string;
  /** The station's name on the live floor (issue 25); without it, the computer's name. */
  readonly station?: string;
}

export type EcalPorts = 2 | 4;
export const ECAL_PORTS: readonly EcalPorts[] = [2, 4];
export const ECAL_MSG = 'an ECal module has 2 or 4 ports';

export function isEcalPorts(value: unknown): value is EcalPorts {
  return ECAL_PORTS.includes(value as EcalPorts);
}

/** The first thing wrong with an ECal module's serial number, or undefined. */
export function ecalSerialError(value: unknown): string | undefined {
  return isValidStationText(value, ORIGIN_LIMITS.textLength) ? undefined : ORIGIN_MSG.text;
}

export const DEFAULT_LAB: LabConfig = { calibrationHours: 8 };
export const LAB_FILE = 'lab.json';

export class LabConfigError extends Error {
  override readonly name = 'LabConfigError';
}

export function labFile(dir = configDir()): string {
  return join(dir, LAB_FILE);
}

/** The first thing wrong with a resource string, or undefined. */
export function resourceError(resource: string): string | undefined {
  try {
    parseVisaResource(resource);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function instrument(value: unknown, field: string): LabInstrument | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) throw new LabConfigError(`${field}: must be an object`);
  const { resource, idn, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new LabConfigError(`${field}.${unknown}: unknown field`);
  if (typeof resource !== 'string' || resource.trim() === '')
    throw new LabConfigError(
      `${field}.resource: a VISA resource string, like TCPIP0::192.168.0.10::5025::SOCKET`,
    );
  const bad = resourceError(resource);
  if (bad) throw new LabConfigError(`${field}.resource: ${bad}`);
  if (idn !== undefined && typeof idn !== 'string') throw new LabConfigError(`${field}.idn: must be text`);
  return { resource: resource.trim(), ...(idn !== undefined ? { idn } : {}) };
}

/** Checks a parsed lab.json; refuses unknown fields and bad values, naming them. */
export function parseLabConfig(value: unknown): LabConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new LabConfigError('The lab configuration must be a JSON object');
  const {
    networkAnalyzer,
    pimAnalyzer,
    ecalPorts,
    ecalSerial,
    calibrationHours,
    channelsChecked,
    station,
    ...rest
  } = value as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw new LabConfigError(`${unknown}: unknown field`);
  const hours = calibrationHours ?? DEFAULT_LAB.calibrationHours;
  if (typeof hours !== 'number' || !(hours > 0 && hours <= 168))
    throw new LabConfigError('calibrationHours: a number of hours from above 0 to 168');
  if (channelsChecked !== undefined && typeof channelsChecked !== 'string')
    throw new LabConfigError('channelsChecked: a time in ISO 8601');
  if (ecalPorts !== undefined && !isEcalPorts(ecalPorts)) throw new LabConfigError(`ecalPorts: ${ECAL_MSG}`);
  const badSerial = ecalSerial === undefined ? undefined : ecalSerialError(ecalSerial);
  if (badSerial) throw new LabConfigError(`ecalSerial: ${badSerial}`);
  if (station !== undefined && !isValidStationText(station, STATION_LIMITS.nameLength))
    throw new LabConfigError(`station: ${STATION_MSG.name}`);
  const na = instrument(networkAnalyzer, 'networkAnalyzer');
  const pim = instrument(pimAnalyzer, 'pimAnalyzer');
  return {
    calibrationHours: hours,
    ...(na ? { networkAnalyzer: na } : {}),
    ...(pim ? { pimAnalyzer: pim } : {}),
    ...(ecalPorts !== undefined ? { ecalPorts } : {}),
    ...(typeof ecalSerial === 'string' ? { ecalSerial } : {}),
    ...(typeof channelsChecked === 'string' ? { channelsChecked } : {}),
    ...(typeof station === 'string' ? { station } : {}),
  };
}

/** The saved configuration, or undefined when there is none yet. A broken file is an error. */
export function loadLabConfig(file = labFile()): LabConfig | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new LabConfigError(`${file} is not JSON: run sweepline lab to write it again`);
  }
  try {
    return parseLabConfig(parsed);
  } catch (error) {
    throw new LabConfigError(`${file}: ${(error as Error).message}`);
  }
}

/** Writes the file whole (a temporary file renamed over it), so a crash never leaves half a file. */
export function saveLabConfig(config: LabConfig, file = labFile()): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`);
  renameSync(temporary, file);
}
