import fc from 'fast-check';
import { bandRange, EDGE_TOLERANCE, selectBand } from './band';
import { TraceError } from './trace-error';
import { linearFreqs } from './synthetic';

const MHz = 1e6;
const freqs = linearFreqs(800 * MHz, 900 * MHz, 101); // 1 MHz steps

describe('bandRange', () => {
  it('includes both edges', () => {
    expect(bandRange(freqs, 810 * MHz, 820 * MHz)).toEqual({ from: 10, to: 21 });
    expect(bandRange(freqs, 800 * MHz, 900 * MHz)).toEqual({ from: 0, to: 101 });
  });

  it('admits an edge point that rounding moved by less than one part in 10⁹', () => {
    const rounded = freqs.map((f, i) => (i === 20 ? f * (1 - EDGE_TOLERANCE / 2) : f));
    expect(bandRange(rounded, 810 * MHz, 820 * MHz)).toEqual({ from: 10, to: 21 });
    const below = freqs.map((f, i) => (i === 10 ? f * (1 - 10 * EDGE_TOLERANCE) : f));
    expect(bandRange(below, 810 * MHz, 820 * MHz)).toEqual({ from: 11, to: 21 });
  });

  it('takes a band between two points as empty, with a message naming both ranges', () => {
    expect(() => bandRange(freqs, 810.2 * MHz, 810.8 * MHz)).toThrow(
      new TraceError(
        'emptyBand',
        'No measured point between 810.2 MHz and 810.8 MHz (measured: 800 MHz - 900 MHz)',
      ),
    );
    expect(() => bandRange(freqs, 950 * MHz, 990 * MHz)).toThrow(TraceError);
  });

  it('refuses a band that starts above its stop', () => {
    expect(() => bandRange(freqs, 850 * MHz, 840 * MHz)).toThrow(
      'The band starts at 850 MHz, above its stop 840 MHz',
    );
  });

  it('is the set of points with f1 ≤ f ≤ f2 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 120 }), (a, b) => {
        const f1 = (790 + Math.min(a, b) + 0.5 * (a % 2)) * MHz;
        const f2 = (790 + Math.max(a, b)) * MHz;
        const inside = freqs.filter((f) => f >= f1 && f <= f2).length;
        if (inside === 0) return expect(() => bandRange(freqs, f1, f2)).toThrow(TraceError);
        const { from, to } = bandRange(freqs, f1, f2);
        expect(to - from).toBe(inside);
        expect(freqs[from]).toBeGreaterThanOrEqual(f1);
      }),
    );
  });
});

describe('selectBand', () => {
  it('copies the points of the band', () => {
    const values = freqs.map((_, i) => i);
    const band = selectBand({ freqs_Hz: new Float64Array(freqs), values }, 898 * MHz, 900 * MHz);
    expect(band).toEqual({ freqs_Hz: [898 * MHz, 899 * MHz, 900 * MHz], values: [98, 99, 100] });
  });
});
