import fc from 'fast-check';
import { fft, fftInPlace, ifft, ifftInPlace, realFft } from './fft';

/** The definition, O(N²). */
function dft(re: number[], im: number[]): { re: number[]; im: number[] } {
  const n = re.length;
  const out = { re: new Array<number>(n).fill(0), im: new Array<number>(n).fill(0) };
  for (let k = 0; k < n; k++) {
    for (let j = 0; j < n; j++) {
      const a = (-2 * Math.PI * ((k * j) % n)) / n;
      out.re[k]! += re[j]! * Math.cos(a) - im[j]! * Math.sin(a);
      out.im[k]! += re[j]! * Math.sin(a) + im[j]! * Math.cos(a);
    }
  }
  return out;
}

const signal = fc
  .integer({ min: 1, max: 70 })
  .chain((n) =>
    fc.tuple(
      fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: n, maxLength: n }),
      fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: n, maxLength: n }),
    ),
  );

describe('fft', () => {
  it('matches numpy.fft.fft on a 7-point signal', () => {
    const X = fft([1, 2, 3, 4, 5, 6, 7], [0, -1, 0.5, 2, 0, 0, 3]);
    expect(X.re[0]).toBeCloseTo(28, 12);
    expect(X.im[0]).toBeCloseTo(4.5, 12);
    expect(X.re[1]).toBeCloseTo(-5.272094495546, 11);
    expect(X.im[1]).toBeCloseTo(6.601606288938, 11);
    expect(X.re[6]).toBeCloseTo(-1.727905504454, 11);
    expect(X.im[6]).toBeCloseTo(-7.934043487069, 11);
  });

  it('equals the DFT definition for any length, powers of two or not (property)', () => {
    fc.assert(
      fc.property(signal, ([re, im]) => {
        const fast = fft(re, im);
        const slow = dft(re, im);
        slow.re.forEach((v, k) => expect(fast.re[k]).toBeCloseTo(v, 8));
        slow.im.forEach((v, k) => expect(fast.im[k]).toBeCloseTo(v, 8));
      }),
    );
  });

  it('is undone by ifft, without changing its input (property)', () => {
    fc.assert(
      fc.property(signal, ([re, im]) => {
        const copy = [...re];
        const back = ifft(fft(re, im).re, fft(re, im).im);
        re.forEach((v, k) => expect(back.re[k]).toBeCloseTo(v, 9));
        im.forEach((v, k) => expect(back.im[k]).toBeCloseTo(v, 9));
        expect(re).toEqual(copy);
      }),
    );
  });

  it('keeps 1601 points exact: an impulse transforms to a pure tone', () => {
    const n = 1601;
    const re = new Float64Array(n);
    re[7] = 1;
    const X = fft(re, new Float64Array(n));
    for (const k of [0, 1, 800, 1600]) {
      expect(X.re[k]).toBeCloseTo(Math.cos((-2 * Math.PI * 7 * k) / n), 12);
      expect(X.im[k]).toBeCloseTo(Math.sin((-2 * Math.PI * 7 * k) / n), 12);
    }
  });

  it('handles the empty signal and refuses mismatched parts', () => {
    expect(fft([], []).re).toHaveLength(0);
    expect(() => fft([1, 2], [0])).toThrow('fft: 2 real parts but 1 imaginary parts');
  });
});

describe('fftInPlace, ifftInPlace and realFft', () => {
  const powerOfTwoSignal = fc
    .integer({ min: 0, max: 7 })
    .chain((p) =>
      fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 2 ** p, maxLength: 2 ** p }),
    );

  it('agree with the definition on power-of-two lengths (property)', () => {
    fc.assert(
      fc.property(powerOfTwoSignal, powerOfTwoSignal, (re, other) => {
        const im = re.map((_, i) => other[i % other.length] ?? 0);
        const expected = dft(re, im);
        const [xr, xi] = [Float64Array.from(re), Float64Array.from(im)];
        fftInPlace(xr, xi);
        xr.forEach((v, k) => expect(v).toBeCloseTo(expected.re[k]!, 8));
        xi.forEach((v, k) => expect(v).toBeCloseTo(expected.im[k]!, 8));
        ifftInPlace(xr, xi);
        xr.forEach((v, k) => expect(v).toBeCloseTo(re[k]!, 10));
        xi.forEach((v, k) => expect(v).toBeCloseTo(im[k]!, 10));
        const real = realFft(re);
        const ofReal = dft(
          re,
          re.map(() => 0),
        );
        real.re.forEach((v, k) => expect(v).toBeCloseTo(ofReal.re[k]!, 8));
        real.im.forEach((v, k) => expect(v).toBeCloseTo(ofReal.im[k]!, 8));
      }),
    );
  });

  it('refuse other lengths', () => {
    expect(() => realFft([1, 2, 3])).toThrow('realFft: the length 3 is not a power of two');
    expect(() => fftInPlace(new Float64Array(6), new Float64Array(6))).toThrow('not a power of two');
    expect(() => fftInPlace(new Float64Array(4), new Float64Array(2))).toThrow('4 real parts but 2');
  });
});
