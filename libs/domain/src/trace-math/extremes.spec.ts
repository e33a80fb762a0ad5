import fc from 'fast-check';
import { extremes, mean, slidingVariation } from './extremes';

/** The definition, window by window: every window starting at a point, far edge included. */
function bruteForce(freqs: number[], values: number[], width: number): number {
  let worst = -Infinity;
  for (let i = 0; i < freqs.length; i++) {
    const inside = values.filter((_, j) => freqs[j]! >= freqs[i]! && freqs[j]! <= freqs[i]! + width);
    worst = Math.max(worst, Math.max(...inside) - Math.min(...inside));
  }
  return worst;
}

const trace = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.double({ min: -50, max: 50, noNaN: true })), {
    minLength: 1,
    maxLength: 60,
  })
  .map((steps) => {
    let f = 100;
    const freqs = steps.map(([d]) => (f += d));
    return { freqs, values: steps.map(([, v]) => v) };
  });

describe('extremes and mean', () => {
  it('find the max, the min and where, the first on ties', () => {
    const values = [1, 3, 3, -2, -2];
    expect(extremes(values, { from: 0, to: 5 })).toEqual({ max: 3, maxIndex: 1, min: -2, minIndex: 3 });
    expect(extremes(values, { from: 2, to: 3 })).toEqual({ max: 3, maxIndex: 2, min: 3, minIndex: 2 });
    expect(mean(values, { from: 0, to: 4 })).toBe(1.25);
  });
});

describe('slidingVariation', () => {
  it('equals the window-by-window definition (property)', () => {
    fc.assert(
      fc.property(trace, fc.integer({ min: 0, max: 40 }), ({ freqs, values }, width) => {
        const band = { from: 0, to: freqs.length };
        expect(slidingVariation(freqs, values, band, width).variation).toBe(bruteForce(freqs, values, width));
      }),
    );
  });

  it('is the plain variation when the window is as wide as the band, and never more (property)', () => {
    fc.assert(
      fc.property(trace, fc.integer({ min: 0, max: 400 }), ({ freqs, values }, width) => {
        const band = { from: 0, to: freqs.length };
        const e = extremes(values, band);
        const w = slidingVariation(freqs, values, band, width);
        expect(w.variation).toBeLessThanOrEqual(e.max - e.min);
        if (width >= freqs[freqs.length - 1]! - freqs[0]!) expect(w.variation).toBe(e.max - e.min);
      }),
    );
  });

  it('names the worst window and stays inside the band', () => {
    const freqs = [1, 2, 3, 4, 5, 6, 7];
    const values = [0, 9, 0, 0, 0, 5, 0];
    expect(slidingVariation(freqs, values, { from: 0, to: 7 }, 1)).toEqual({ variation: 9, from: 0, to: 2 });
    expect(slidingVariation(freqs, values, { from: 3, to: 7 }, 1)).toEqual({ variation: 5, from: 4, to: 6 });
  });
});
