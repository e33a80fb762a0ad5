/**
 * PIM results (INSTRUMENTS.md section 3). A reading is in dBm; in dBc it is relative to one
 * carrier: dBc = dBm − carrier, carrier = powerOutput + powerOffset (dBm), so −110 dBm at
 * 2 × 43 dBm is −153 dBc. The step's value is the worst (highest) reading of the test, in the
 * step's unit, judged against limits in that unit (usually an upper limit such as −153 dBc).
 */
import type { ImOrder, PimCommonParam } from '../params/params.types';
import type { Measurement } from './judge';
import { judge } from './judge';
import { TraceError } from './trace-error';

export interface PimReading {
  pim_dBm: number;
  /** The carriers of this reading (a swept tone moves them). */
  f1_Hz?: number;
  f2_Hz?: number;
  /** The IM product's frequency as the analyzer reports it; else computed from the carriers. */
  imFreq_Hz?: number;
}

export interface PimMeasurement extends Measurement {
  pim_dBm: number;
  /** null when the carrier power is not set. */
  pim_dBc: number | null;
  carrier_dBm: number | null;
  /** The IM product's frequency of the worst reading, when its carriers are known. */
  imFreq_Hz?: number;
}

/**
 * The IM product of order n = 2k+1 of carriers F1 < F2: low (k+1)·F1 − k·F2, high
 * (k+1)·F2 − k·F1 (IM3 = 2F1−F2 / 2F2−F1). The carriers may come in either order. For widely
 * spaced carriers and high orders the low product can be ≤ 0 Hz; it is returned as computed.
 */
export function imFrequency(order: ImOrder, f1_Hz: number, f2_Hz: number): number {
  const n = Number(order.slice(2, 3));
  const k = (n - 1) / 2;
  const lo = Math.min(f1_Hz, f2_Hz);
  const hi = Math.max(f1_Hz, f2_Hz);
  return order.endsWith('L') ? (k + 1) * lo - k * hi : (k + 1) * hi - k * lo;
}

export function carrierPower(param: Pick<PimCommonParam, 'powerOutput' | 'powerOffset'>): number | null {
  if (param.powerOutput === null || !Number.isFinite(param.powerOutput)) return null;
  return param.powerOutput + (param.powerOffset ?? 0);
}

export function measurePim(param: PimCommonParam, readings: readonly PimReading[]): PimMeasurement {
  if (readings.length === 0) throw new TraceError('shape', 'The PIM test returned no reading');
  let worst = readings[0] as PimReading;
  readings.forEach((r, i) => {
    if (!Number.isFinite(r.pim_dBm)) {
      throw new TraceError('notFinite', `PIM reading ${i} is not a finite number (${r.pim_dBm})`);
    }
    if (r.pim_dBm > worst.pim_dBm) worst = r;
  });
  const carrier_dBm = carrierPower(param);
  const pim_dBc = carrier_dBm === null ? null : worst.pim_dBm - carrier_dBm;
  if (param.unit === 'dBc' && pim_dBc === null) {
    throw new TraceError('param', 'Power output is not set, so the result cannot be given in dBc');
  }
  const value = param.unit === 'dBc' ? (pim_dBc as number) : worst.pim_dBm;
  const worstFreq = readingImFrequency(param.imOrder, worst);
  const imFreq = worstFreq === undefined ? {} : { imFreq_Hz: worstFreq };
  return {
    value,
    unit: param.unit,
    result: judge(value, param),
    pim_dBm: worst.pim_dBm,
    pim_dBc,
    carrier_dBm,
    ...imFreq,
  };
}

/** A reading's IM frequency: the analyzer's own, else computed from its carriers; unknown without them. */
function readingImFrequency(order: ImOrder, reading: PimReading): number | undefined {
  if (reading.imFreq_Hz !== undefined) return reading.imFreq_Hz;
  if (reading.f1_Hz === undefined || reading.f2_Hz === undefined) return undefined;
  return imFrequency(order, reading.f1_Hz, reading.f2_Hz);
}

/** A trace as a run stores it (docs/requirements/storage.md#traces): frequencies in MHz, ascending, and their values. */
export interface PimTrace {
  freqs_MHz: number[];
  values: number[];
}

/**
 * The readings of a swept tone as a trace of PIM against IM frequency, in the step's unit. The
 * analyzer reads in its sweep order (sweep 1 moves F1 up, sweep 2 moves F2 down, repeated), so
 * the IM frequencies go up, down and over each other; a trace is stored with ascending
 * frequencies, so the readings are ordered by IM frequency, each keeping its own value (a
 * stable sort: readings at one frequency stay in the order they were read).
 */
export function pimTrace(param: PimCommonParam, readings: readonly PimReading[]): PimTrace {
  const carrier = carrierPower(param);
  if (param.unit === 'dBc' && carrier === null) {
    throw new TraceError('param', 'Power output is not set, so the result cannot be given in dBc');
  }
  const points = readings.map((r, i) => {
    const f = readingImFrequency(param.imOrder, r);
    if (f === undefined || !Number.isFinite(f)) {
      throw new TraceError('shape', `PIM reading ${i} has no IM frequency`);
    }
    return { f, value: param.unit === 'dBc' ? r.pim_dBm - (carrier as number) : r.pim_dBm };
  });
  points.sort((a, b) => a.f - b.f);
  return { freqs_MHz: points.map((p) => p.f / 1e6), values: points.map((p) => p.value) };
}
