import { controlLimits, westernElectric } from '@sweepline/domain';
import { announceUnit, connectNetworkAnalyzer } from '../../drivers';
import type { Drift } from '../drift';
import { DEFAULT_SIM_CONFIG } from '../sim-config';
import { startSimulator } from '../simulator';
import { demoUnit } from './demo-units';

/**
 * What docs/cli.md's "Seeing an SPC alarm" promises, on the units it names: BPF-600 SPC9-01 to
 * SPC9-20 measured on `sweepline sim` give the baseline whose limits are frozen, then SPC9-21 to
 * SPC9-50 on `sweepline sim --drift insertion-loss:0.01`. Each unit is measured as the runner
 * measures the Pass band's Insertion Loss Max: announced (`:SIM:DUT`), on a calibrated channel of
 * 500-700 MHz, its worst S21. The rules are the domain's batch Western Electric rules on limits
 * from the baseline, as frozen limits are.
 */
const SERIALS = Array.from({ length: 50 }, (_, i) => `SPC9-${String(i + 1).padStart(2, '0')}`);
const DRIFT: Drift = { parameter: 'insertion-loss', step: 0.01 };
const UPPER_LIMIT_DB = 1.2;

/** Insertion Loss Max of each unit, in order, on a simulator started for them (a restart: places from 0). */
async function insertionLossMax(serials: readonly string[], drift?: Drift): Promise<number[]> {
  const config = { ...DEFAULT_SIM_CONFIG, timeScale: 0, ...(drift ? { drift } : {}) };
  const sim = await startSimulator({ family: 'ena', config });
  const na = await connectNetworkAnalyzer(sim.resource);
  try {
    await na.setupChannel(
      1,
      { startHz: 500e6, stopHz: 700e6, points: 201, ifbwHz: 1e4, powerDbm: 0, averages: 1 },
      [{ sParam: 'S21', format: 'logMag' }],
    );
    await na.calibrate(1, { ports: [1, 2], method: 'ecal', onStep: async () => undefined });
    const values: number[] = [];
    for (const serial of serials) {
      await announceUnit(na, { product: 'BPF-600', serial });
      await na.sweep(1);
      values.push(Math.max(...(await na.formattedData(1, 1)).map((db) => -db)));
    }
    return values;
  } finally {
    await na.close();
    await sim.close();
  }
}

describe("the tour's SPC alarm: a drift caught before a unit fails", () => {
  let limits: NonNullable<ReturnType<typeof controlLimits>>;
  const flagsOf = (values: number[]) => westernElectric(values, limits.centre, limits.sigmaWithin);

  beforeAll(async () => {
    limits = controlLimits(await insertionLossMax(SERIALS.slice(0, 20)))!;
  });

  it('names only good units, so no fault stands out of the trend', () => {
    expect(SERIALS.map((serial) => demoUnit('BPF-600', serial)?.condition)).toEqual(
      SERIALS.map(() => 'good'),
    );
    expect(limits.sigmaWithin).toBeGreaterThan(0.03);
    expect(limits.sigmaWithin).toBeLessThan(0.06);
  });

  it('breaks no Western Electric rule without the drift', async () => {
    const steady = await insertionLossMax(SERIALS.slice(20));
    expect(flagsOf(steady).flat()).toEqual([]);
  });

  it('breaks rules 2-4 within 10-20 drifting units, while every unit passes its limit', async () => {
    const drifting = await insertionLossMax(SERIALS.slice(20), DRIFT);
    const flags = flagsOf(drifting);
    const first = flags.findIndex((rules) => rules.length > 0);
    // the doc's words: SPC9-30, the tenth drifting unit, breaks rules 2 and 3, rule 1 not yet
    expect([SERIALS[20 + first], flags[first]]).toEqual(['SPC9-30', [2, 3]]);
    expect(Math.max(...drifting)).toBeLessThan(UPPER_LIMIT_DB);
  });
});
