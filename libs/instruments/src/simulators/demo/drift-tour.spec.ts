import { controlLimits, westernElectric } from '@sweepline/domain';
import { driftDevices } from '../drift-devices';
import { bandPassFilter } from '../models/filters';
import { db } from '../models/complex';
import { demoUnit } from './demo-units';

/**
 * What docs/cli.md's "Seeing an SPC alarm" promises, on the units it names: BPF-600 SPC9-01 to
 * SPC9-20 measured on `sweepline sim` give the baseline whose limits are frozen, then SPC9-21 to
 * SPC9-50 on `sweepline sim --drift insertion-loss:0.01`. Insertion Loss Max is computed here from
 * each unit's filter as the Pass band's step 4 reads it (the worst S21 over 500-700 MHz); the
 * runner measures it calibrated, so within the analyzer's trace noise (about 0.003 dB) of this.
 */
const SERIALS = Array.from({ length: 50 }, (_, i) => `SPC9-${String(i + 1).padStart(2, '0')}`);
const STEP = 0.01;
const UPPER_LIMIT_DB = 1.2;

function insertionLossMax(serial: string, step: number, place: number): number {
  const unit = demoUnit('BPF-600', serial);
  if (!unit) throw new Error('BPF-600 is a demo product');
  const drift = { parameter: 'insertion-loss', step } as const;
  const [filter] = driftDevices(unit.devicesFor(undefined), drift, place);
  if (filter?.model !== 'bandpass') throw new Error('a BPF-600 is a band-pass filter');
  const model = bandPassFilter(filter);
  let worst = 0;
  for (let mhz = 500; mhz <= 700; mhz++) worst = Math.max(worst, -db(model.sAt(mhz * 1e6)[1]![0]!));
  return worst;
}

describe("the tour's SPC alarm: a drift caught before a unit fails", () => {
  const baseline = SERIALS.slice(0, 20).map((serial) => insertionLossMax(serial, STEP, 0));
  const limits = controlLimits(baseline)!;
  // after the restart with --drift, SPC9-21 is the simulator's first unit (place 0)
  const measured = (step: number) =>
    SERIALS.slice(20).map((serial, place) => insertionLossMax(serial, step, place));
  const firstFlag = (values: number[]) =>
    westernElectric(values, limits.centre, limits.sigmaWithin).findIndex((rules) => rules.length > 0);

  it('names only good units, so no fault stands out of the trend', () => {
    expect(SERIALS.map((serial) => demoUnit('BPF-600', serial)?.condition)).toEqual(
      SERIALS.map(() => 'good'),
    );
    expect(limits.sigmaWithin).toBeGreaterThan(0.03);
    expect(limits.sigmaWithin).toBeLessThan(0.06);
  });

  it('breaks no Western Electric rule without the drift', () => {
    expect(firstFlag(measured(0))).toBe(-1);
  });

  it('breaks rules 2-4 within 10-20 drifting units, while every unit passes its limit', () => {
    const drifting = measured(STEP);
    const flags = westernElectric(drifting, limits.centre, limits.sigmaWithin);
    const first = firstFlag(drifting);
    expect(first + 1).toBeGreaterThanOrEqual(10);
    expect(first + 1).toBeLessThanOrEqual(20);
    // the doc's words: SPC9-30, the tenth drifting unit, breaks rule 2 (two of three beyond 2σ)
    expect([SERIALS[20 + first], flags[first]]).toEqual(['SPC9-30', [2]]);
    expect(Math.max(...drifting)).toBeLessThan(UPPER_LIMIT_DB);
  });
});
