import type { Random } from './prng';

/**
 * A passive-intermodulation source behind a PIM analyzer (INSTRUMENTS.md section 6): the power
 * sum of the receiver's noise floor and the DUT's PIM. The DUT is two PIM sources (a connector
 * and, further down, a weaker one) whose products add with a phase of 2π·f_im·τ, so a swept
 * tone shows the ripple a real line with two sources shows.
 */
export interface PimSourceConfig {
  /** The DUT's IM3 at 2 × 43 dBm, dBc (−150 … −160 for a good assembly). */
  readonly dutPimDbc: number;
  /** The weaker source, dBc at 2 × 43 dBm. */
  readonly secondSourceDbc: number;
  /** Round-trip delay between the two sources, s. */
  readonly secondSourceDelayS: number;
  /** Receiver floor, dBm (−125 dBm = −168 dBc at 43 dBm). */
  readonly noiseFloorDbm: number;
  /** Peak reading-to-reading jitter, dB (±). */
  readonly jitterDb: number;
}

export interface PimConditions {
  readonly carrierDbm: number;
  /** 3, 5, 7 or 9. */
  readonly order: number;
  readonly imFreqHz: number;
  readonly forward: boolean;
}

const REFERENCE_CARRIER_DBM = 43;
/** Each odd order above IM3 about 10 dB lower, a common rule of thumb for passive nonlinearity. */
const DB_PER_ORDER_STEP = 10;
/** Forward PIM (through the DUT into a load) reads lower than reflected on most assemblies. */
const FORWARD_OFFSET_DB = -3;

/** The noise-free PIM power in dBm: IM3 rises 3 dB per dB of carrier, IMn n dB per dB. */
export function dutPimDbm(config: PimSourceConfig, conditions: PimConditions): number {
  const orderOffset = ((conditions.order - 3) / 2) * DB_PER_ORDER_STEP;
  const carrierRise = conditions.order * (conditions.carrierDbm - REFERENCE_CARRIER_DBM);
  const phase = 2 * Math.PI * conditions.imFreqHz * config.secondSourceDelayS;
  const a1 = 10 ** (config.dutPimDbc / 20);
  const a2 = 10 ** (config.secondSourceDbc / 20);
  const combined = 10 * Math.log10(a1 * a1 + a2 * a2 + 2 * a1 * a2 * Math.cos(phase));
  const base = REFERENCE_CARRIER_DBM + combined - orderOffset + carrierRise;
  return base + (conditions.forward ? FORWARD_OFFSET_DB : 0);
}

/** One reading: the DUT's PIM with jitter, power-summed with the noise floor. */
export function pimReadingDbm(config: PimSourceConfig, conditions: PimConditions, random: Random): number {
  const pim = dutPimDbm(config, conditions) + random.uniform(-config.jitterDb, config.jitterDb);
  const noise = config.noiseFloorDbm + random.uniform(-0.5, 0.5);
  return 10 * Math.log10(10 ** (pim / 10) + 10 ** (noise / 10));
}
