import fc from 'fast-check';
import { cableDelay, cableLossDb, lossyCable } from './cable';
import type { Complex } from './complex';
import { abs, arg, db } from './complex';
import { bandPassFilter, lowPassFilter } from './filters';
import { amplifier, attenuator, coupler } from './passive';

const s21 = (s: Complex[][]) => s[1]?.[0] as Complex;
const s11 = (s: Complex[][]) => s[0]?.[0] as Complex;

/** The band-pass variable Ω = (f0/BW)(f/f0 − f0/f). */
const omega = (f: number, f0: number, bw: number) => (f0 / bw) * (f / f0 - f0 / f);
/** Chebyshev polynomial T_N(x) for any real x. */
const chebyshevT = (order: number, x: number) =>
  Math.abs(x) <= 1
    ? Math.cos(order * Math.acos(x))
    : Math.sign(x) ** order * Math.cosh(order * Math.acosh(Math.abs(x)));

describe('device models', () => {
  it('an attenuator is flat: |S21| = −X dB and |S11| = −RL at every frequency', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 60, noNaN: true }),
        fc.double({ min: 1e6, max: 20e9, noNaN: true }),
        (x, f) => {
          const s = attenuator({ attenuationDb: x, returnLossDb: 30 }).sAt(f);
          expect(db(s21(s))).toBeCloseTo(-x, 9);
          expect(db(s11(s))).toBeCloseTo(-30, 9);
        },
      ),
    );
  });

  it('a Butterworth band-pass follows |S21|² = 1/(1 + Ω^2N), −3.01 dB at its band edges', () => {
    const f0 = 1e9;
    const bw = 100e6;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.double({ min: 0.5e9, max: 2e9, noNaN: true }),
        (order, f) => {
          const h = s21(
            bandPassFilter({
              centerHz: f0,
              bandwidthHz: bw,
              order,
              response: 'butterworth',
              rippleDb: 0,
              lossDb: 0,
            }).sAt(f),
          );
          expect(abs(h) ** 2).toBeCloseTo(1 / (1 + omega(f, f0, bw) ** (2 * order)), 9);
        },
      ),
    );
    const b = bw / f0;
    const upperEdge = f0 * (b / 2 + Math.sqrt(1 + (b * b) / 4));
    const filter = bandPassFilter({
      centerHz: f0,
      bandwidthHz: bw,
      order: 5,
      response: 'butterworth',
      rippleDb: 0,
      lossDb: 0,
    });
    expect(db(s21(filter.sAt(upperEdge)))).toBeCloseTo(-3.0103, 3);
    expect(db(s21(filter.sAt(f0)))).toBeCloseTo(0, 9);
  });

  it('a Chebyshev band-pass follows 1/(1 + ε²T_N²(Ω)): ripple within the passband, the closed form outside', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0.6e9, max: 1.6e9, noNaN: true }),
        (order, ripple, f) => {
          const eps2 = 10 ** (ripple / 10) - 1;
          const filter = bandPassFilter({
            centerHz: 1e9,
            bandwidthHz: 50e6,
            order,
            response: 'chebyshev',
            rippleDb: ripple,
            lossDb: 0,
          });
          const w = omega(f, 1e9, 50e6);
          const expected = 1 / (1 + eps2 * chebyshevT(order, w) ** 2);
          const got = abs(s21(filter.sAt(f))) ** 2;
          expect(Math.abs(got - expected)).toBeLessThan(1e-9);
          if (Math.abs(w) <= 1) expect(db(s21(filter.sAt(f)))).toBeGreaterThanOrEqual(-ripple - 1e-9);
        },
      ),
    );
  });

  it('a lossless filter conserves power (|S11|² + |S21|² = 1), and S11 is in quadrature with S21', () => {
    const filter = bandPassFilter({
      centerHz: 900e6,
      bandwidthHz: 40e6,
      order: 5,
      response: 'chebyshev',
      rippleDb: 0.1,
      lossDb: 0,
    });
    for (const f of [850e6, 885e6, 900e6, 912e6, 960e6]) {
      const s = filter.sAt(f);
      expect(abs(s11(s)) ** 2 + abs(s21(s)) ** 2).toBeCloseTo(1, 12);
      // At a reflection zero (the centre of an odd-order Chebyshev) S11 has no phase to compare.
      if (abs(s11(s)) > 1e-6) expect(Math.abs(Math.cos(arg(s11(s)) - arg(s21(s))))).toBeLessThan(1e-9);
    }
  });

  it('dissipation loss lowers S21 by lossDb and keeps the network passive', () => {
    const filter = bandPassFilter({
      centerHz: 900e6,
      bandwidthHz: 40e6,
      order: 3,
      response: 'butterworth',
      rippleDb: 0,
      lossDb: 0.8,
    });
    expect(db(s21(filter.sAt(900e6)))).toBeCloseTo(-0.8, 9);
    const s = filter.sAt(915e6);
    expect(abs(s11(s)) ** 2 + abs(s21(s)) ** 2).toBeLessThanOrEqual(1);
  });

  it('a low-pass passes DC and sits at −ripple at its cutoff (odd Chebyshev order)', () => {
    const filter = lowPassFilter({
      cutoffHz: 1e9,
      order: 7,
      response: 'chebyshev',
      rippleDb: 0.5,
      lossDb: 0,
    });
    expect(db(s21(filter.sAt(1)))).toBeCloseTo(0, 6);
    expect(db(s21(filter.sAt(1e9)))).toBeCloseTo(-0.5, 6);
    expect(db(s21(filter.sAt(2e9)))).toBeLessThan(-60);
  });

  it('a cable has the delay L/(v·c) as its phase slope, the α(f)·L loss, and S11 ripple of period 1/(2τ)', () => {
    const config = { lengthM: 3, velocityFactor: 0.7, lossDbPerMAt1GHz: 0.5, connectorReturnLossDb: 25 };
    const cable = lossyCable(config);
    const tau = cableDelay(config);
    expect(tau).toBeCloseTo(3 / (0.7 * 299_792_458), 15);
    const f = 1.3e9;
    const df = 1e3;
    const phaseStep = arg(s21(cable.sAt(f + df))) - arg(s21(cable.sAt(f)));
    expect(-phaseStep / (2 * Math.PI * df)).toBeCloseTo(tau, 13);
    expect(-db(s21(cable.sAt(f)))).toBeCloseTo(cableLossDb(config, f), 9);
    expect(cableLossDb(config, 1e9)).toBeCloseTo(1.5, 9);
    const lossless = lossyCable({ ...config, lossDbPerMAt1GHz: 0 });
    expect(abs(s11(lossless.sAt(f + 1 / (2 * tau))))).toBeCloseTo(abs(s11(lossless.sAt(f))), 9);
  });

  it("a cable's damaged far connector spoils the match of port 2 more than port 1's", () => {
    const config = { lengthM: 3, velocityFactor: 0.85, lossDbPerMAt1GHz: 0.22, connectorReturnLossDb: 30 };
    const damaged = lossyCable({ ...config, farConnectorReturnLossDb: 18 });
    const s22 = (s: Complex[][]) => s[1]?.[1] as Complex;
    const worst = (pick: (s: Complex[][]) => Complex) =>
      Math.max(...Array.from({ length: 200 }, (_, k) => abs(pick(damaged.sAt(100e6 + k * 4.5e6)))));
    // the far reflection reaches port 1 only through the cable's loss, twice
    expect(-20 * Math.log10(worst(s22))).toBeLessThan(17);
    expect(-20 * Math.log10(worst(s11))).toBeGreaterThan(-20 * Math.log10(worst(s22)));
    const same = lossyCable(config).sAt(5e8);
    expect(abs(s11(same))).toBeCloseTo(abs(same[1]?.[1] as Complex), 12);
  });

  it('a coupler has coupling C, isolation C + D, the through loss, and is reciprocal', () => {
    const s = coupler({ couplingDb: 20, directivityDb: 25, throughLossDb: 0.2, returnLossDb: 30 }).sAt(2e9);
    const at = (i: number, j: number) => s[i - 1]?.[j - 1] as Complex;
    expect(db(at(2, 1))).toBeCloseTo(-0.2, 9);
    expect(db(at(3, 1))).toBeCloseTo(-20, 9);
    expect(db(at(4, 1))).toBeCloseTo(-45, 9);
    expect(db(at(4, 1)) - db(at(3, 1))).toBeCloseTo(-25, 9);
    for (let i = 1; i <= 4; i++) for (let j = 1; j <= 4; j++) expect(at(i, j)).toEqual(at(j, i));
  });

  it('an amplifier has its gain at low frequency and rolls off by 3 dB at its bandwidth', () => {
    const amp = amplifier({ gainDb: 20, isolationDb: 40, returnLossDb: 15, bandwidthHz: 3e9 });
    expect(db(s21(amp.sAt(1e3)))).toBeCloseTo(20, 6);
    expect(db(s21(amp.sAt(3e9)))).toBeCloseTo(20 - 3.0103, 3);
    expect(db(amp.sAt(1e9)[0]?.[1] as Complex)).toBeCloseTo(-40, 9);
  });
});
