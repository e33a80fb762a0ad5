import { addReceiverNoise, noiseFloorDb } from './noise';
import type { PimSourceConfig } from './pim-source';
import { dutPimDbm, pimReadingDbm } from './pim-source';
import { Random } from './prng';
import { TestPortNetwork } from './network';

const PIM: PimSourceConfig = {
  dutPimDbc: -155,
  secondSourceDbc: -300,
  secondSourceDelayS: 0,
  noiseFloorDbm: -125,
  jitterDb: 1,
};

describe('seeded sources', () => {
  it('repeats the same numbers from the same seed', () => {
    const a = new Random(42);
    const b = new Random(42);
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(new Random(43).next()).not.toBe(first[0]);
  });

  it('draws standard normal values (mean 0, variance 1)', () => {
    const random = new Random(7);
    const values = Array.from({ length: 20000 }, () => random.gaussian());
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(variance).toBeCloseTo(1, 1);
  });

  it('puts the noise floor at −100 dB at 1 kHz IFBW, 10 dB higher per decade, divided by the averages', () => {
    expect(noiseFloorDb(1000)).toBe(-100);
    expect(noiseFloorDb(10000)).toBeCloseTo(-90, 12);
    const power = (ifbw: number, averages: number) => {
      const pairs = new Float64Array(20000);
      addReceiverNoise(pairs, ifbw, averages, new Random(3));
      let sum = 0;
      for (let i = 0; i < pairs.length; i += 2)
        sum += (pairs[i] as number) ** 2 + (pairs[i + 1] as number) ** 2;
      return 10 * Math.log10(sum / (pairs.length / 2));
    };
    expect(power(1000, 1)).toBeCloseTo(-100, 0);
    expect(power(10000, 1)).toBeCloseTo(-90, 0);
    expect(power(1000, 10)).toBeCloseTo(-110, 0);
  });

  it('makes IM3 rise 3 dB per dB of carrier, puts IM5 10 dB lower, and forward 3 dB lower', () => {
    const at = (carrierDbm: number, order = 3, forward = false) =>
      dutPimDbm(PIM, { carrierDbm, order, imFreqHz: 900e6, forward });
    expect(at(43)).toBeCloseTo(43 - 155, 6);
    expect(at(44) - at(43)).toBeCloseTo(3, 6);
    expect(at(43, 5)).toBeCloseTo(at(43) - 10, 6);
    expect(at(43, 3, true)).toBeCloseTo(at(43) - 3, 6);
  });

  it('reads within the jitter of the DUT, and at the noise floor for a clean DUT', () => {
    const random = new Random(1);
    const conditions = { carrierDbm: 43, order: 3, imFreqHz: 900e6, forward: false };
    for (let i = 0; i < 100; i++) {
      const reading = pimReadingDbm(PIM, conditions, random);
      // ±1 dB of jitter, plus up to 0.2 dB from the noise floor 13 dB below.
      expect(reading).toBeGreaterThanOrEqual(-113);
      expect(reading).toBeLessThanOrEqual(-110.8);
    }
    const clean = pimReadingDbm({ ...PIM, dutPimDbc: -200 }, conditions, random);
    expect(clean).toBeGreaterThan(-125.6);
    expect(clean).toBeLessThan(-124.4);
  });

  it('ripples a swept reading when the two sources beat (period 1/τ in IM frequency)', () => {
    const two = { ...PIM, secondSourceDbc: -160, secondSourceDelayS: 10e-9 };
    const at = (f: number) => dutPimDbm(two, { carrierDbm: 43, order: 3, imFreqHz: f, forward: false });
    expect(at(900e6)).toBeCloseTo(at(900e6 + 1 / 10e-9), 6);
    expect(at(900e6) - at(900e6 + 0.5 / 10e-9)).toBeGreaterThan(6);
  });

  it('places each device on its test ports, nothing between devices, and open ends elsewhere', () => {
    const network = new TestPortNetwork(4, [
      { model: 'attenuator', ports: [2, 3], attenuationDb: 6, returnLossDb: 30 },
    ]);
    const mag = (out: number, into: number) => {
      const s = network.sAt(out, into, 1e9);
      return Math.hypot(s.re, s.im);
    };
    expect(20 * Math.log10(mag(3, 2))).toBeCloseTo(-6, 9);
    expect(mag(2, 1)).toBe(0);
    expect(mag(1, 1)).toBeCloseTo(0.98, 9);
    expect(network.trace(3, 2, [1e9, 2e9])).toHaveLength(4);
  });
});
