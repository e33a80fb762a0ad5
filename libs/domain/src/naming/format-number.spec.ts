import fc from 'fast-check';
import { formatNumber } from './format-number';

describe('formatNumber', () => {
  it.each([
    [800, '800'],
    [0.5, '0.5'],
    [-12.25, '-12.25'],
    [0, '0'],
    [-0, '0'],
    [1e-7, '0.0000001'],
    [-2.5e-9, '-0.0000000025'],
    [0.000001, '0.000001'],
    [0.1 + 0.2, '0.3'],
    [1e-13, '1e-13'],
    [1e21, '1e+21'],
    [1234567.891, '1234567.891'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])('writes %p as %p', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it('never ends a decimal with a zero or a point', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(formatNumber(n)).not.toMatch(/\.\d*0$|\.$/);
      }),
    );
  });

  it('reads back as the same number to 12 significant digits', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const back = Number(formatNumber(n));
        expect(Math.abs(back - n)).toBeLessThanOrEqual(Math.abs(n) * 1e-11);
      }),
    );
  });
});
