import type { Drift } from './drift';
import type { Fault } from './faults';
import { NO_FAULT } from './faults';
import type { AntennaConfig } from './models/antenna';
import type { CableConfig } from './models/cable';
import type { BandPassConfig, LowPassConfig } from './models/filters';
import type { AmplifierConfig, AttenuatorConfig, CouplerConfig } from './models/passive';
import type { PimSourceConfig } from './models/pim-source';
import { idnOf, SIM_INSTRUMENTS } from './sim-identities';

/**
 * What a simulator simulates (docs/instruments.md, "Simulator"): which device model sits on
 * which test ports, the seed of its noise, how fast simulated time runs, and any fault. A JSON
 * file with any subset of these fields is accepted (`parseSimConfig`); the rest are defaults.
 */
export type SimFamily = 'ena' | 'pna' | 'znb' | 'pim';
export const SIM_FAMILIES: readonly SimFamily[] = ['ena', 'pna', 'znb', 'pim'];

/** An *IDN? answer per family. */
export type SimIdentities = Readonly<Partial<Record<SimFamily, string>>>;

export type DeviceSpec =
  | ({ readonly model: 'bandpass'; readonly ports: readonly number[] } & BandPassConfig)
  | ({ readonly model: 'lowpass'; readonly ports: readonly number[] } & LowPassConfig)
  | ({ readonly model: 'cable'; readonly ports: readonly number[] } & CableConfig)
  | ({ readonly model: 'attenuator'; readonly ports: readonly number[] } & AttenuatorConfig)
  | ({ readonly model: 'amplifier'; readonly ports: readonly number[] } & AmplifierConfig)
  | ({ readonly model: 'coupler'; readonly ports: readonly number[] } & CouplerConfig)
  | { readonly model: 'thru'; readonly ports: readonly number[]; readonly delayS: number }
  | ({ readonly model: 'antenna'; readonly ports: readonly number[] } & AntennaConfig);

export type DeviceModelName = DeviceSpec['model'];

export interface PimSimConfig extends PimSourceConfig {
  /** Where the carriers may be, Hz; a carrier outside it is refused with -222. */
  readonly txBandHz: readonly [number, number];
  /** Where the analyzer listens, Hz; an IM product outside it is refused with -222. */
  readonly rxBandHz: readonly [number, number];
  readonly minCarrierDbm: number;
  readonly maxCarrierDbm: number;
  /** Time of one swept-tone reading, ms (before `timeScale`). */
  readonly stepMs: number;
}

export interface SimConfig {
  readonly seed: number;
  /** Multiplies every simulated duration (sweeps, calibration steps, PIM tests); 0 = instant. */
  readonly timeScale: number;
  /** Test ports of a network analyzer. */
  readonly ports: number;
  /**
   * The *IDN? answer, `maker,model,serial,firmware`: one for every simulator started with this
   * config, or one per family; a family without one answers its DEFAULT_IDN.
   */
  readonly idn?: string | SimIdentities;
  /** The channel/trace maximum (the E5071C's System > Misc Setup > Channel/Trace Setup). */
  readonly maxChannels: number;
  readonly maxTraces: number;
  readonly devices: readonly DeviceSpec[];
  /**
   * When the runner says a unit of one of the demo products is connected (`:SIM:DUT`), measure
   * that unit (simulators/demo/demo-units.ts) instead of `devices` and `pim`.
   */
  readonly demoUnits: boolean;
  readonly pim: PimSimConfig;
  readonly fault: Fault;
  /** A device parameter that moves by a step with each new unit (drift.ts); none: units do not drift. */
  readonly drift?: Drift;
}

/** Default model parameters, also what a config file's device entry starts from. */
export const DEVICE_DEFAULTS: {
  readonly [M in DeviceModelName]: Omit<Extract<DeviceSpec, { model: M }>, 'model' | 'ports'>;
} = {
  bandpass: {
    centerHz: 900e6,
    bandwidthHz: 40e6,
    order: 5,
    response: 'chebyshev',
    rippleDb: 0.1,
    lossDb: 0.8,
    phaseDeg: 0,
  },
  lowpass: { cutoffHz: 1e9, order: 7, response: 'chebyshev', rippleDb: 0.05, lossDb: 0.3 },
  cable: { lengthM: 2, velocityFactor: 0.7, lossDbPerMAt1GHz: 0.4, connectorReturnLossDb: 30 },
  attenuator: { attenuationDb: 10, returnLossDb: 30 },
  amplifier: { gainDb: 20, isolationDb: 40, returnLossDb: 15, bandwidthHz: 3e9 },
  coupler: { couplingDb: 20, directivityDb: 25, throughLossDb: 0.2, returnLossDb: 30 },
  thru: { delayS: 100e-12 },
  antenna: { centerHz: 920e6, bandwidthHz: 110e6, order: 3, returnLossDb: 17.5 },
};

/** A 900 MHz band-pass filter on ports 1-2 and a 2 m cable on ports 3-4. */
export const DEFAULT_DEVICES: readonly DeviceSpec[] = [
  { model: 'bandpass', ports: [1, 2], ...DEVICE_DEFAULTS.bandpass },
  { model: 'cable', ports: [3, 4], ...DEVICE_DEFAULTS.cable },
];

/** E-GSM 900: carriers in 925-960 MHz, IM3 low falls in the 880-915 MHz uplink. */
export const DEFAULT_PIM: PimSimConfig = {
  dutPimDbc: -155,
  secondSourceDbc: -168,
  secondSourceDelayS: 20e-9,
  noiseFloorDbm: -125,
  jitterDb: 1,
  txBandHz: [925e6, 960e6],
  rxBandHz: [880e6, 915e6],
  minCarrierDbm: 20,
  maxCarrierDbm: 46,
  stepMs: 200,
};

export const DEFAULT_SIM_CONFIG: SimConfig = {
  seed: 1,
  timeScale: 1,
  ports: 4,
  maxChannels: 16,
  maxTraces: 16,
  devices: DEFAULT_DEVICES,
  demoUnits: true,
  pim: DEFAULT_PIM,
  fault: NO_FAULT,
};

/** The *IDN? answers of SIM_INSTRUMENTS, shaped as the real families answer. */
export const DEFAULT_IDN: Readonly<Record<SimFamily, string>> = {
  ena: idnOf(SIM_INSTRUMENTS.ena),
  pna: idnOf(SIM_INSTRUMENTS.pna),
  znb: idnOf(SIM_INSTRUMENTS.znb),
  pim: idnOf(SIM_INSTRUMENTS.pim),
};

/** What a simulator of `family` answers *IDN? with under `config`, less SIMULATOR_MARK. */
export function simIdn(config: Pick<SimConfig, 'idn'>, family: SimFamily): string {
  const idn = config.idn;
  return (typeof idn === 'string' ? idn : idn?.[family]) ?? DEFAULT_IDN[family];
}
