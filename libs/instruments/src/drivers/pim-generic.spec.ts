import { DEFAULT_PIM } from '../simulators/sim-config';
import type { Simulator } from '../simulators/simulator';
import type { PimAnalyzer, PimFixedSetup, PimSweptSetup } from './pim-analyzer';
import { commandsSince, connectPim, failure, startTestSimulator } from './testing/sim-fixture';

const FIXED: PimFixedSetup = {
  carrierDbm: 43,
  imOrder: 3,
  imProduct: 'low',
  mode: 'reverse',
  unit: 'dBm',
  f1Hz: 935e6,
  f2Hz: 955e6,
  durationS: 10,
};

const SWEPT: PimSweptSetup = {
  ...FIXED,
  sweep1: { startHz: 925e6, stopHz: 935e6 },
  sweep2: { startHz: 950e6, stopHz: 960e6 },
  stepHz: 1e6,
  count: 2,
};

describe('generic PIM driver against the PIM simulator', () => {
  let sim: Simulator;
  let pim: PimAnalyzer;

  beforeEach(async () => {
    sim = await startTestSimulator('pim');
    pim = await connectPim(sim);
  });

  afterEach(async () => {
    await pim.close();
    await sim.close();
  });

  it('runs a fixed tone: two carriers for the duration, one reading a second, RF off afterwards', async () => {
    const from = sim.commands.length;
    const result = await pim.measureFixed(FIXED);
    expect(result.readings).toHaveLength(10);
    expect(result.readings.every((r) => r.f1Hz === 935e6 && r.f2Hz === 955e6 && r.imFreqHz === 915e6)).toBe(
      true,
    );
    // The default DUT: −155 dBc at 2 × 43 dBm, ±1 dB jitter, over a −125 dBm floor.
    expect(result.pimDbm).toBeGreaterThan(-113.5);
    expect(result.pimDbm).toBeLessThan(-110.5);
    expect(result.pimDbm).toBe(Math.max(...result.readings.map((r) => r.pimDbm)));
    expect(result.pimDbc).toBeCloseTo(result.pimDbm - 43, 9);
    expect(result.peakDbm).toBeGreaterThanOrEqual(result.pimDbm);
    expect(result).toMatchObject({ unit: 'dBm', value: result.pimDbm, imFreqHz: 915e6 });
    const sent = commandsSince(sim, from);
    expect(sent).toEqual(
      expect.arrayContaining([
        ':PIM:IMOR 3',
        ':PIM:IMPR LOW',
        ':PIM:MODE REV',
        ':PIM:UNIT DBM',
        ':PIM:CARR1:POW 43',
        ':PIM:CARR2:POW 43',
      ]),
    );
    expect(sent).toEqual(
      expect.arrayContaining([':PIM:MEAS FIX', ':PIM:FIX:DUR 10', ':PIM:RF ON', 'INIT:IMM']),
    );
    expect(sent[sent.length - 2]).toBe(':PIM:RF OFF');
  });

  it('runs a swept tone: sweep 1 moves F1 up, sweep 2 moves F2 down, count times', async () => {
    const result = await pim.measureSwept({ ...SWEPT, unit: 'dBc' });
    expect(result.readings).toHaveLength(2 * (11 + 11));
    const first = result.readings.slice(0, 22);
    expect(first.slice(0, 11).map((r) => r.f1Hz / 1e6)).toEqual([
      925, 926, 927, 928, 929, 930, 931, 932, 933, 934, 935,
    ]);
    expect(first.slice(0, 11).every((r) => r.f2Hz === 960e6)).toBe(true);
    expect(first.slice(11).map((r) => r.f2Hz / 1e6)).toEqual([
      960, 959, 958, 957, 956, 955, 954, 953, 952, 951, 950,
    ]);
    expect(first.slice(11).every((r) => r.f1Hz === 925e6)).toBe(true);
    expect(result.readings.every((r) => r.imFreqHz === 2 * r.f1Hz - r.f2Hz)).toBe(true);
    expect(result).toMatchObject({ unit: 'dBc', value: result.pimDbc });
    expect(result.pimDbc).toBeGreaterThan(-157);
    expect(result.pimDbc).toBeLessThan(-150);
  });

  it('measures the high IM5 product, forward', async () => {
    await pim.close();
    await sim.close();
    // IM5 high = 3·F2 − 2·F1 = 970 MHz, so the receive band is widened to reach it.
    sim = await startTestSimulator('pim', { pim: { ...DEFAULT_PIM, rxBandHz: [880e6, 1000e6] } });
    pim = await connectPim(sim);
    const from = sim.commands.length;
    const high = await pim.measureFixed({
      ...FIXED,
      imOrder: 5,
      imProduct: 'high',
      mode: 'forward',
      f1Hz: 940e6,
      f2Hz: 950e6,
    });
    expect(high.imFreqHz).toBe(970e6);
    expect(high.pimDbm).toBeGreaterThan(-127);
    expect(commandsSince(sim, from)).toEqual(
      expect.arrayContaining([':PIM:IMOR 5', ':PIM:IMPR HIGH', ':PIM:MODE FWD']),
    );
  });

  it('refuses an IM product outside the receive band with the instrument -222, and switches RF off', async () => {
    const error = await failure(pim.measureFixed({ ...FIXED, f1Hz: 940e6, f2Hz: 945e6 }));
    expect(error.kind).toBe('instrument-error');
    expect(error.message).toMatch(
      /reported -222,"Data out of range; IM3 at 935\.000 MHz is outside the receive band 880-915 MHz" after 'INIT:IMM'\.$/,
    );
    expect(await pim.session.query(':PIM:RF?')).toBe('0');
  });

  it('refuses a carrier power the analyzer cannot make', async () => {
    const error = await failure(pim.measureFixed({ ...FIXED, carrierDbm: 50 }));
    expect(error.message).toMatch(/-222,"Data out of range; 50 is outside 20…46" after ':PIM:CARR1:POW 50'/);
  });

  it('checks durations and counts before sending anything', async () => {
    await expect(pim.measureFixed({ ...FIXED, durationS: 301 })).rejects.toThrow(
      'Fixed-tone duration must be 1 to 300 s, not 301',
    );
    await expect(pim.measureSwept({ ...SWEPT, count: 11 })).rejects.toThrow(
      'Sweep count must be 1 to 10, not 11',
    );
    await expect(pim.measureSwept({ ...SWEPT, stepHz: 0 })).rejects.toThrow(
      'The sweep step must be above 0 Hz, not 0',
    );
  });
});
