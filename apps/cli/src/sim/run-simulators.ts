import { readFileSync } from 'node:fs';
import {
  DEFAULT_SIM_CONFIG,
  parseSimConfig,
  SIM_FAMILIES,
  SimConfigError,
  simIdn,
  startSimulator,
} from '@sweepline/instruments';
import type { Drift, Fault, SimConfig, SimFamily, SimIdentities, Simulator } from '@sweepline/instruments';
import { UsageError } from '../exit-codes';

export interface SimOptions {
  readonly families: readonly SimFamily[];
  /** The first simulator's port; the next ones follow (0: each takes a free port). */
  readonly port: number;
  readonly host: string;
  readonly config?: string;
  readonly fault?: Fault;
  /** --drift: a device parameter moving with each new unit, over the config's `drift`. */
  readonly drift?: Drift;
  readonly timeScale?: number;
  /** --demo / --no-demo: play the demo products' units, over the config's `demoUnits`. */
  readonly demo?: boolean;
  /** --idn: the *IDN? answers of some families, over the config's. */
  readonly idn?: SimIdentities;
  /** Told each unit the runner connects: `ena: BPF-600 NEW-002 connected (good)`. */
  readonly onUnit?: (line: string) => void;
}

/** The config file, with --fault, --drift, --time-scale, --demo and --idn over it; a bad file is a usage error. */
export function loadConfig(
  options: Pick<SimOptions, 'config' | 'fault' | 'drift' | 'timeScale' | 'demo' | 'idn'>,
): SimConfig {
  let config = DEFAULT_SIM_CONFIG;
  if (options.config !== undefined) {
    let text: string;
    try {
      text = readFileSync(options.config, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read the config file ${options.config}: ${(error as Error).message}`);
    }
    try {
      config = parseSimConfig(JSON.parse(text));
    } catch (error) {
      if (error instanceof SimConfigError || error instanceof SyntaxError) {
        throw new UsageError(`The config file ${options.config} is not usable: ${error.message}`);
      }
      throw error;
    }
  }
  return {
    ...config,
    ...(options.fault ? { fault: options.fault } : {}),
    ...(options.drift ? { drift: options.drift } : {}),
    ...(options.timeScale !== undefined ? { timeScale: options.timeScale } : {}),
    ...(options.demo !== undefined ? { demoUnits: options.demo } : {}),
    ...(options.idn ? { idn: { ...everyIdn(config), ...options.idn } } : {}),
  };
}

/** The config's answer of every family (one for all, or each its own). */
function everyIdn(config: SimConfig): SimIdentities {
  return Object.fromEntries(SIM_FAMILIES.map((family) => [family, simIdn(config, family)]));
}

/** Starts one simulator per family, on consecutive ports; if one cannot start, none stay running. */
export async function runSimulators(options: SimOptions): Promise<Simulator[]> {
  const config = loadConfig(options);
  if (options.port !== 0 && options.port + options.families.length - 1 > 65535) {
    throw new UsageError(
      `${options.families.length} simulators from port ${options.port} would pass port 65535.`,
    );
  }
  const started: Simulator[] = [];
  try {
    for (const [i, family] of options.families.entries()) {
      const port = options.port === 0 ? 0 : options.port + i;
      const onUnit = options.onUnit;
      started.push(
        await startOne(
          family,
          port,
          options.host,
          config,
          onUnit ? (line) => onUnit(`${family}: ${line}`) : undefined,
        ),
      );
    }
  } catch (error) {
    await Promise.all(started.map((sim) => sim.close()));
    throw error;
  }
  return started;
}

async function startOne(
  family: SimFamily,
  port: number,
  host: string,
  config: SimConfig,
  onUnit: ((line: string) => void) | undefined,
): Promise<Simulator> {
  try {
    return await startSimulator({ family, port, host, config, ...(onUnit ? { onUnit } : {}) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new Error(
        `Port ${port} on ${host} is in use: choose another with --port, or --port 0 for free ports.`,
      );
    }
    if (code === 'EADDRNOTAVAIL') throw new UsageError(`${host} is not an address of this computer.`);
    throw error;
  }
}
