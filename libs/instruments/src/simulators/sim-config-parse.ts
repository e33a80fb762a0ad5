import { DRIFT_RULE, parseDrift } from './drift';
import { FAULT_KINDS, parseFault } from './faults';
import type {
  DeviceModelName,
  DeviceSpec,
  PimSimConfig,
  SimConfig,
  SimFamily,
  SimIdentities,
} from './sim-config';
import { DEFAULT_SIM_CONFIG, DEVICE_DEFAULTS, SIM_FAMILIES } from './sim-config';

/** A config file or object that cannot be used; the message names the field and the rule. */
export class SimConfigError extends Error {
  override readonly name = 'SimConfigError';
}

type Range = readonly [min: number, max: number, integer?: 'integer'];

/** Ranges wide enough for any plausible device, narrow enough to catch a unit mistake (MHz for Hz). */
const NUMBER_RANGES: Readonly<Record<string, Range>> = {
  centerHz: [1e3, 1e12],
  bandwidthHz: [1, 1e12],
  cutoffHz: [1e3, 1e12],
  order: [1, 12, 'integer'],
  rippleDb: [0.001, 3],
  lossDb: [0, 60],
  lengthM: [0, 10_000],
  velocityFactor: [0.1, 1],
  lossDbPerMAt1GHz: [0, 100],
  connectorReturnLossDb: [0, 100],
  attenuationDb: [0, 150],
  returnLossDb: [0, 100],
  gainDb: [-50, 80],
  isolationDb: [0, 200],
  couplingDb: [0, 60],
  directivityDb: [0, 80],
  throughLossDb: [0, 10],
  delayS: [0, 1e-3],
  phaseDeg: [-360, 360],
  dutPimDbc: [-200, -50],
  secondSourceDbc: [-200, -50],
  secondSourceDelayS: [0, 1e-5],
  noiseFloorDbm: [-180, -50],
  jitterDb: [0, 10],
  minCarrierDbm: [-10, 60],
  maxCarrierDbm: [-10, 60],
  stepMs: [0, 60_000],
  seed: [0, 4294967295, 'integer'],
  timeScale: [0, 1000],
  ports: [1, 4, 'integer'],
  maxChannels: [1, 160, 'integer'],
  maxTraces: [1, 64, 'integer'],
};

const DEVICE_PORTS: Readonly<Record<DeviceModelName, number>> = {
  bandpass: 2,
  lowpass: 2,
  cable: 2,
  attenuator: 2,
  amplifier: 2,
  coupler: 4,
  thru: 2,
  antenna: 1,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkNumber(path: string, key: string, value: unknown): number {
  const [min, max, integer] = NUMBER_RANGES[key] as Range;
  const ok = typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
  if (!ok || (integer && !Number.isInteger(value))) {
    throw new SimConfigError(
      `${path}: must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, not ${JSON.stringify(value)}`,
    );
  }
  return value as number;
}

function checkBand(path: string, value: unknown): readonly [number, number] {
  const ok =
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((v) => typeof v === 'number' && Number.isFinite(v) && v > 0) &&
    (value[0] as number) < (value[1] as number);
  if (!ok) throw new SimConfigError(`${path}: must be [low, high] in Hz with 0 < low < high`);
  return [value[0], value[1]] as [number, number];
}

/** Copies `input` over `base`, checking that every key exists in `base` and every value fits. */
function merge<T extends object>(path: string, base: T, input: unknown): T {
  if (!isRecord(input)) throw new SimConfigError(`${path}: must be an object`);
  const result: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(input)) {
    const at = `${path}.${key}`;
    if (!(key in base))
      throw new SimConfigError(`${at}: unknown field (known: ${Object.keys(base).join(', ')})`);
    if (key === 'response') {
      if (value !== 'chebyshev' && value !== 'butterworth')
        throw new SimConfigError(`${at}: must be "chebyshev" or "butterworth"`);
      result[key] = value;
    } else if (key === 'txBandHz' || key === 'rxBandHz') {
      result[key] = checkBand(at, value);
    } else {
      result[key] = checkNumber(at, key, value);
    }
  }
  return result as T;
}

function parseDevice(path: string, input: unknown, ports: number, used: Set<number>): DeviceSpec {
  if (!isRecord(input)) throw new SimConfigError(`${path}: must be an object`);
  const { model, ports: devicePorts, ...rest } = input;
  if (typeof model !== 'string' || !(model in DEVICE_DEFAULTS)) {
    throw new SimConfigError(`${path}.model: must be one of ${Object.keys(DEVICE_DEFAULTS).join(', ')}`);
  }
  const count = DEVICE_PORTS[model as DeviceModelName];
  const ok =
    Array.isArray(devicePorts) &&
    devicePorts.length === count &&
    devicePorts.every((p) => Number.isInteger(p) && p >= 1 && p <= ports);
  if (!ok)
    throw new SimConfigError(`${path}.ports: a ${model} needs ${count} test ports, each from 1 to ${ports}`);
  for (const port of devicePorts as number[]) {
    if (used.has(port)) throw new SimConfigError(`${path}.ports: port ${port} already has a device`);
    used.add(port);
  }
  const params = merge(path, DEVICE_DEFAULTS[model as DeviceModelName], rest);
  return { model, ports: devicePorts, ...params } as DeviceSpec;
}

const IDN_RULE = 'must be one line "maker,model,serial,firmware", four fields, none empty';

/** One `*IDN?` answer: the four fields of IEEE 488.2, as a real instrument gives them. */
function checkIdn(path: string, value: unknown): string {
  const ok =
    typeof value === 'string' &&
    !/\p{Cc}/u.test(value) &&
    value.split(',').length === 4 &&
    value.split(',').every((field) => field.trim() !== '');
  if (!ok) throw new SimConfigError(`${path}: ${IDN_RULE}`);
  return value as string;
}

/** `idn`: one answer for every simulator of the config, or an object of answers by family. */
function parseIdn(value: unknown): string | SimIdentities {
  if (!isRecord(value)) return checkIdn('config.idn', value);
  const result: Partial<Record<SimFamily, string>> = {};
  for (const [family, idn] of Object.entries(value)) {
    if (!(SIM_FAMILIES as readonly string[]).includes(family))
      throw new SimConfigError(`config.idn.${family}: unknown family (known: ${SIM_FAMILIES.join(', ')})`);
    result[family as SimFamily] = checkIdn(`config.idn.${family}`, idn);
  }
  return result;
}

/** A config from a parsed JSON file (or an object in code); missing fields take the defaults. */
export function parseSimConfig(input: unknown, base: SimConfig = DEFAULT_SIM_CONFIG): SimConfig {
  if (!isRecord(input)) throw new SimConfigError('config: must be a JSON object');
  const { devices, pim, fault, drift, idn, demoUnits, ...scalars } = input;
  const top = merge(
    'config',
    {
      seed: base.seed,
      timeScale: base.timeScale,
      ports: base.ports,
      maxChannels: base.maxChannels,
      maxTraces: base.maxTraces,
    },
    scalars,
  );
  if (demoUnits !== undefined && typeof demoUnits !== 'boolean')
    throw new SimConfigError('config.demoUnits: must be true or false');
  const identities = idn === undefined ? undefined : parseIdn(idn);
  const used = new Set<number>();
  if (devices !== undefined && !Array.isArray(devices))
    throw new SimConfigError('config.devices: must be a list');
  const parsedDevices =
    devices === undefined
      ? base.devices
      : devices.map((d, i) => parseDevice(`config.devices[${i}]`, d, top.ports, used));
  const parsedPim: PimSimConfig = pim === undefined ? base.pim : merge('config.pim', base.pim, pim);
  if (parsedPim.minCarrierDbm > parsedPim.maxCarrierDbm)
    throw new SimConfigError('config.pim: minCarrierDbm is above maxCarrierDbm');
  let parsedFault = base.fault;
  if (fault !== undefined) {
    const value = typeof fault === 'string' ? parseFault(fault) : undefined;
    if (!value)
      throw new SimConfigError(
        `config.fault: must be one of ${FAULT_KINDS.join(', ')} (optionally "ERROR,<code>" or "SLOW,<seconds>")`,
      );
    parsedFault = value;
  }
  let parsedDrift = base.drift;
  if (drift !== undefined) {
    parsedDrift = typeof drift === 'string' ? parseDrift(drift) : undefined;
    if (!parsedDrift) throw new SimConfigError(`config.drift: must be ${DRIFT_RULE}`);
  }
  return {
    ...top,
    ...(identities !== undefined ? { idn: identities } : base.idn ? { idn: base.idn } : {}),
    devices: parsedDevices,
    demoUnits: typeof demoUnits === 'boolean' ? demoUnits : base.demoUnits,
    pim: parsedPim,
    fault: parsedFault,
    ...(parsedDrift ? { drift: parsedDrift } : {}),
  };
}
