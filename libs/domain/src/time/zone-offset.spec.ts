import fc from 'fast-check';
import { isValidZoneOffset, parseZoneOffset, zoneOffsetFromTimezoneOffset, zoneShiftMs } from './zone-offset';

const validOffset = fc.integer({ min: -48, max: 56 }).map((q) => q / 4 + 0);

describe('isValidZoneOffset', () => {
  it.each([0, 1, -5, 5.5, 5.75, 9.5, -3.5, 12.75, -12, 14, -9.25])('accepts %d', (x) => {
    expect(isValidZoneOffset(x)).toBe(true);
  });

  it.each([-12.25, 14.25, 15, -13, 5.1, 5.3, 0.2, NaN, Infinity, -Infinity, '5', null, undefined])(
    'refuses %p',
    (x) => {
      expect(isValidZoneOffset(x)).toBe(false);
    },
  );
});

describe('parseZoneOffset', () => {
  it.each([
    ['0', 0],
    ['5.5', 5.5],
    ['+9', 9],
    ['-3.5', -3.5],
    [' 5.75 ', 5.75],
    ['5.50', 5.5],
    ['-0', 0],
    ['14', 14],
    ['-12', -12],
  ])('reads %j as %d', (text, x) => {
    expect(Object.is(parseZoneOffset(text), x)).toBe(true);
  });

  it.each(['', ' ', 'abc', '5.3', '15', '-12.5', '1e1', '0x5', '.5', '5.', '5,5', 'Infinity', '--1'])(
    'refuses %j',
    (text) => {
      expect(parseZoneOffset(text)).toBeUndefined();
    },
  );

  it('reads back what String() wrote for every valid offset', () => {
    fc.assert(fc.property(validOffset, (x) => expect(parseZoneOffset(String(x))).toBe(x)));
  });

  it('never returns an invalid offset', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const x = parseZoneOffset(s);
        if (x !== undefined) expect(isValidZoneOffset(x)).toBe(true);
      }),
    );
  });
});

describe('zoneOffsetFromTimezoneOffset', () => {
  it('turns minutes behind UTC into hours ahead of it', () => {
    expect(zoneOffsetFromTimezoneOffset(-330)).toBe(5.5);
    expect(zoneOffsetFromTimezoneOffset(480)).toBe(-8);
    expect(zoneOffsetFromTimezoneOffset(-345)).toBe(5.75);
    expect(Object.is(zoneOffsetFromTimezoneOffset(0), 0)).toBe(true);
  });
});

describe('zoneShiftMs', () => {
  it('gives the shift in milliseconds', () => {
    expect(zoneShiftMs(5.5)).toBe(19_800_000);
    expect(zoneShiftMs(-3.5)).toBe(-12_600_000);
  });

  it('refuses an invalid offset', () => {
    expect(() => zoneShiftMs(5.3)).toThrow(RangeError);
  });
});
