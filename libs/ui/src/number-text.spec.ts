import fc from 'fast-check';
import { countText, decimalText } from './number-text';

const intl = (value: number, digits: number, trimZeros: boolean) =>
  new Intl.NumberFormat('en-US', {
    minimumFractionDigits: trimZeros ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(value);

describe('decimalText', () => {
  it.each([
    [0, 0, '0'],
    [1234567, 0, '1,234,567'],
    [-4500, 0, '-4,500'],
    [1.005, 2, '1.01'],
    [2.5, 0, '3'],
    [-2.5, 0, '-3'],
    [0.125, 2, '0.13'],
    [999.9999, 3, '1,000.000'],
    [-0.001, 2, '-0.00'],
    [1e-7, 3, '0.000'],
  ])('writes %d with %d decimals as %s, as en-US does', (value, digits, text) => {
    expect(decimalText(value, digits)).toBe(text);
    expect(decimalText(value, digits)).toBe(intl(value, digits, false));
  });

  it('drops trailing zeros when asked, as maximumFractionDigits alone does', () => {
    expect(decimalText(880, 6, true)).toBe('880');
    expect(decimalText(2450.125, 6, true)).toBe('2,450.125');
    expect(decimalText(0.1 + 0.2, 6, true)).toBe('0.3');
  });

  it('equals Intl.NumberFormat for any number and number of decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.integer(),
          fc.float({ noNaN: true }),
        ),
        fc.integer({ min: 0, max: 20 }),
        fc.boolean(),
        (value, digits, trimZeros) => {
          expect(decimalText(value, digits, trimZeros)).toBe(intl(value, digits, trimZeros));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('countText', () => {
  it('writes a count with commas between thousands', () => {
    expect(countText(6012)).toBe('6,012');
    expect(countText(999)).toBe('999');
  });
});
