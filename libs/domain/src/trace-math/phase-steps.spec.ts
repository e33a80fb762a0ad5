import fc from 'fast-check';
import { defaultParamOfKind } from '../params/defaults';
import type { GeneralNaParam } from '../params/params.types';
import { apertureSteps, groupDelays, groupDelayTrace } from './delay';
import {
  groupDelay,
  groupDelayVariation,
  groupDelayVariationCross,
  measurePhase,
  phaseMax,
  phaseMin,
} from './phase-steps';
import { delayLinePhase, linearFreqs } from './synthetic';

const MHz = 1e6;
const param = (p: Partial<GeneralNaParam> = {}): GeneralNaParam => ({
  ...defaultParamOfKind('general'),
  startFreq_MHz: 800,
  stopFreq_MHz: 900,
  spanFreq_MHz: 10,
  ...p,
});
const freqs = linearFreqs(700 * MHz, 1000 * MHz, 1601);
const TAU = 12.5e-9; // a lossless line of 12.5 ns: 4.5° per 1 MHz… wraps every 80 MHz
const line = delayLinePhase(freqs, TAU);

describe('apertureSteps', () => {
  it('is k = round(pct/100·(N−1)/2), at least 1', () => {
    expect(apertureSteps(0, 1601)).toBe(1);
    expect(apertureSteps(null, 1601)).toBe(1);
    expect(apertureSteps(2, 1601)).toBe(16);
    expect(apertureSteps(100, 1601)).toBe(800);
    expect(apertureSteps(0.01, 1601)).toBe(1);
  });
});

describe('group delay of a lossless line (φ = −360·f·τ, wrapped)', () => {
  it('is τ at every point, whatever the aperture, edges included', () => {
    for (const k of [1, 3, 50, 2000]) {
      const gd = groupDelays(freqs, line.values, k);
      gd.forEach((t) => expect(t).toBeCloseTo(TAU, 18));
    }
    expect(groupDelayTrace(line, 1).values).toHaveLength(1601);
  });

  it('gives the step τ in ns with variation 0', () => {
    expect(groupDelay(line, param({ lower: 12, upper: 13 }))).toMatchObject({
      unit: 'ns',
      result: 1,
      apertureSteps: 2,
    });
    expect(groupDelay(line, param()).value).toBeCloseTo(12.5, 9);
    expect(groupDelayVariation(line, param({ smooth: 2 }))).toMatchObject({ apertureSteps: 32 });
    expect(groupDelayVariation(line, param()).value).toBeCloseTo(0, 9);
    expect(groupDelayVariationCross(line, param()).value).toBeCloseTo(0, 9);
  });

  it('holds for any delay that keeps under 180° per step (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -2.7e-9, max: 2.7e-9, noNaN: true }),
        fc.integer({ min: 1, max: 30 }),
        (tau, k) => {
          const f = linearFreqs(1e9, 2e9, 201); // 5 MHz steps: |τ| < 100 ns
          groupDelays(f, delayLinePhase(f, tau * 10).values, k).forEach((t) =>
            expect(t).toBeCloseTo(tau * 10, 15),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('is 0 for a single point', () => {
    expect(Array.from(groupDelays([1e9], [10], 1))).toEqual([0]);
  });
});

describe('group delay with a known bump', () => {
  // phase of τ = 10 ns plus a 2 ns delay step from 850 MHz on: GD jumps from 10 to 12 ns
  const f = linearFreqs(800 * MHz, 900 * MHz, 101);
  const phi = f.map((x) => -360 * x * 10e-9 - (x > 850 * MHz ? 360 * (x - 850 * MHz) * 2e-9 : 0));
  const trace = { freqs_Hz: f, values: phi };

  it('shows the step between 10 and 12 ns, reaching it within the aperture', () => {
    const v = groupDelayVariation(trace, param());
    expect(v.value).toBeCloseTo(2, 9);
    expect(v.maxFreq_Hz).toBe(851 * MHz);
    expect(v.minFreq_Hz).toBe(800 * MHz);
    expect(groupDelay(trace, param({ upper: 11 }))).toMatchObject({ result: 0, freq_Hz: 851 * MHz });
    // the centred 2-step aperture puts 11 ns at 850 MHz: 1 ns per 1 MHz window, 2 ns per 2 MHz
    expect(groupDelayVariationCross(trace, param({ spanFreq_MHz: 1 })).value).toBeCloseTo(1, 9);
    expect(groupDelayVariationCross(trace, param({ spanFreq_MHz: 2 })).value).toBeCloseTo(2, 9);
    // a window narrower than a step holds one point: no variation
    expect(groupDelayVariationCross(trace, param({ spanFreq_MHz: 0.5 })).value).toBe(0);
  });
});

describe('phase actions', () => {
  it('reads the phase of the line at a frequency between points, wrapped', () => {
    const m = measurePhase(line, param({ freq_MHz: 850.1, lower: -180, upper: 180 }));
    expect(m.value).toBeCloseTo(wrapped(-360 * 850.1e6 * TAU), 6);
    expect(m).toMatchObject({ unit: 'deg', result: 1, freq_Hz: 850.1 * MHz });
    expect(() => measurePhase(line, param({ freq_MHz: null }))).toThrow('Frequency is not set');
  });

  it('takes max and min of the phase as displayed', () => {
    const small = { freqs_Hz: [800 * MHz, 850 * MHz, 900 * MHz], values: [10, 370 + 20, -5] };
    expect(phaseMax(small, param({ upper: 25 }))).toMatchObject({ value: 30, result: 0, freq_Hz: 850 * MHz });
    expect(phaseMin(small, param())).toMatchObject({ value: -5, freq_Hz: 900 * MHz });
    expect(phaseMax(line, param()).value).toBeLessThanOrEqual(180);
  });
});

function wrapped(deg: number): number {
  return deg - 360 * Math.ceil((deg - 180) / 360);
}
