/**
 * PIM results (INSTRUMENTS.md section 3). A reading is in dBm; in dBc it is relative to one
 * carrier: dBc = dBm − carrier, carrier = powerOutput + powerOffset (dBm), so −110 dBm at
 * 2 × 43 dBm is −153 dBc. The step's value is the worst (highest) reading of the test, in the
 * step's unit, judged against limits in that unit (usually an upper limit such as −153 dBc).
 */
import { ImOrder, PimCommonParam } from '../params/params.types';
import { judge, Measurement } from './judge';
import { TraceError } from './trace-error';

export interface PimReading {
  pim_dBm: number;
  /** The carriers of this reading (a swept tone moves them). */
  f1_Hz?: number;
  f2_Hz?: number;
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
  const imFreq =
    worst.f1_Hz !== undefined && worst.f2_Hz !== undefined
      ? { imFreq_Hz: imFrequency(param.imOrder, worst.f1_Hz, worst.f2_Hz) }
      : {};
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
