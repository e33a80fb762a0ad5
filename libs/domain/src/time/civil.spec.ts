import fc from 'fast-check';
import { civilFromDays, daysFromCivil, daysInMonth, formatCivil, isLeapYear, MS_PER_DAY } from './civil';

describe('civil calendar arithmetic', () => {
  it('puts day 0 on 1970-01-01', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(civilFromDays(0)).toEqual({ year: 1970, month: 1, day: 1 });
    expect(civilFromDays(-1)).toEqual({ year: 1969, month: 12, day: 31 });
  });

  it('handles leap days and century rules', () => {
    expect(civilFromDays(daysFromCivil(2024, 2, 29) + 1)).toEqual({ year: 2024, month: 3, day: 1 });
    expect(civilFromDays(daysFromCivil(1900, 2, 28) + 1)).toEqual({ year: 1900, month: 3, day: 1 });
    expect(civilFromDays(daysFromCivil(2000, 2, 28) + 1)).toEqual({ year: 2000, month: 2, day: 29 });
    expect([1900, 2000, 2023, 2024].map(isLeapYear)).toEqual([false, true, false, true]);
  });

  it('knows the month lengths', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2023, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
  });

  it('works for years below 100, where Date.UTC would not', () => {
    expect(formatCivil(civilFromDays(daysFromCivil(5, 3, 1)))).toBe('0005-03-01');
  });

  it('agrees with the UTC calendar of Date for any day', () => {
    fc.assert(
      fc.property(fc.integer({ min: -700_000, max: 2_900_000 }), (days) => {
        const d = new Date(days * MS_PER_DAY);
        expect(civilFromDays(days)).toEqual({
          year: d.getUTCFullYear(),
          month: d.getUTCMonth() + 1,
          day: d.getUTCDate(),
        });
        expect(daysFromCivil(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate())).toBe(days);
      }),
    );
  });
});
