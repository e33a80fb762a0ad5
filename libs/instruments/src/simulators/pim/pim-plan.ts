import { SIM_ERRORS } from '../scpi/sim-error';
import type { PimSimConfig } from '../sim-config';

/**
 * What a PIM test measures, reading by reading (INSTRUMENTS.md section 3, generic set): a fixed
 * tone reads once a second for its duration; a swept tone repeats, `count` times, sweep 1 (F1
 * moves up from SWE1:STAR to SWE1:STOP with F2 at SWE2:STOP) then sweep 2 (F2 moves down from
 * SWE2:STOP to SWE2:STAR with F1 at SWE1:STAR), in steps of SWE:STEP.
 */
export interface PimSettings {
  carriers: { freqHz: number; powerDbm: number }[];
  order: number;
  high: boolean;
  forward: boolean;
  unitDbc: boolean;
  swept: boolean;
  durationS: number;
  sweeps: { startHz: number; stopHz: number }[];
  stepHz: number;
  count: number;
  rfOn: boolean;
}

export interface PlannedReading {
  readonly f1Hz: number;
  readonly f2Hz: number;
  readonly imHz: number;
}

/** Swept tests longer than this are refused rather than left to run for hours. */
const MAX_READINGS = 5000;

/** IM order n = 2k+1 of F1 < F2: low (k+1)·F1 − k·F2, high (k+1)·F2 − k·F1. */
export function imFrequencyHz(order: number, high: boolean, f1Hz: number, f2Hz: number): number {
  const k = (order - 1) / 2;
  const lo = Math.min(f1Hz, f2Hz);
  const hi = Math.max(f1Hz, f2Hz);
  return high ? (k + 1) * hi - k * lo : (k + 1) * lo - k * hi;
}

function steps(from: number, to: number, step: number): number[] {
  const count = Math.floor(Math.abs(to - from) / step + 1e-9) + 1;
  if (count > MAX_READINGS) throw SIM_ERRORS.outOfRange(`more than ${MAX_READINGS} steps`);
  const sign = to >= from ? 1 : -1;
  return Array.from({ length: count }, (_, i) => from + sign * i * step);
}

/** The readings of the test, each checked against the receive band (-222 when outside). */
export function planReadings(settings: PimSettings, config: PimSimConfig): PlannedReading[] {
  const [c1, c2] = settings.carriers as [PimSettings['carriers'][0], PimSettings['carriers'][0]];
  if (settings.unitDbc && c1.powerDbm !== c2.powerDbm) {
    throw SIM_ERRORS.settingsConflict('dBc needs equal carrier powers');
  }
  const pairs: [number, number][] = [];
  if (!settings.swept) {
    for (let s = 0; s < Math.max(1, Math.round(settings.durationS)); s++) pairs.push([c1.freqHz, c2.freqHz]);
  } else {
    const [s1, s2] = settings.sweeps as [PimSettings['sweeps'][0], PimSettings['sweeps'][0]];
    if (s1.startHz > s1.stopHz || s2.startHz > s2.stopHz)
      throw SIM_ERRORS.settingsConflict('a sweep starts above its stop');
    for (let n = 0; n < settings.count; n++) {
      for (const f1 of steps(s1.startHz, s1.stopHz, settings.stepHz)) pairs.push([f1, s2.stopHz]);
      for (const f2 of steps(s2.stopHz, s2.startHz, settings.stepHz)) pairs.push([s1.startHz, f2]);
    }
  }
  if (pairs.length > MAX_READINGS) throw SIM_ERRORS.outOfRange(`more than ${MAX_READINGS} readings`);
  const [rxLow, rxHigh] = config.rxBandHz;
  return pairs.map(([f1Hz, f2Hz]) => {
    const imHz = imFrequencyHz(settings.order, settings.high, f1Hz, f2Hz);
    if (imHz < rxLow || imHz > rxHigh) {
      throw SIM_ERRORS.outOfRange(
        `IM${settings.order} at ${(imHz / 1e6).toFixed(3)} MHz is outside the receive band ${rxLow / 1e6}-${rxHigh / 1e6} MHz`,
      );
    }
    return { f1Hz, f2Hz, imHz };
  });
}
