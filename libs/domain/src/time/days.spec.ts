import fc from 'fast-check';
import { MS_PER_DAY, MS_PER_HOUR } from './civil';
import {
  dayBounds,
  dayNumber,
  dayRange,
  daysBetween,
  daysOfRange,
  formatDate,
  formatDateTime,
  isValidDay,
  localDay,
} from './days';

const validOffset = fc.integer({ min: -48, max: 56 }).map((q) => q / 4 + 0);
/** 1900-01-01 .. 2199-12-31 */
const anyTime = fc.integer({ min: -2_208_988_800_000, max: 7_258_118_399_999 });
const anyDay = fc
  .integer({ min: -25_567, max: 84_005 })
  .map((n) => new Date(n * MS_PER_DAY).toISOString().slice(0, 10));

describe('isValidDay', () => {
  it.each(['2024-02-29', '2023-12-31', '2000-02-29', '0001-01-01', '9999-12-31'])('accepts %s', (d) => {
    expect(isValidDay(d)).toBe(true);
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2023-13-01',
    '2023-00-10',
    '2023-04-31',
    '2023-01-00',
    '2023-1-01',
    '23-01-01',
    '2023/01/01',
    '2023-01-01T00:00',
    ' 2023-01-01',
    '',
  ])('refuses %j', (d) => {
    expect(isValidDay(d)).toBe(false);
  });

  it('numbers days from 1970-01-01', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('x')).toBeUndefined();
  });
});

describe('dayBounds', () => {
  it('runs from local midnight up to, not including, the next local midnight (issue 38)', () => {
    expect(dayBounds('2024-03-01', '2024-03-07', 0)).toEqual({
      from: Date.UTC(2024, 2, 1),
      until: Date.UTC(2024, 2, 8),
    });
    expect(dayBounds('2024-03-01', '2024-03-01', 5.5)).toEqual({
      from: Date.UTC(2024, 1, 29, 18, 30),
      until: Date.UTC(2024, 2, 1, 18, 30),
    });
  });

  it('leaves no gap between one day and the next: a day ends where the next begins', () => {
    fc.assert(
      fc.property(anyDay, validOffset, (day, offset) => {
        const today = dayBounds(day, day, offset);
        const next = localDay(today.until, offset);
        expect(dayBounds(next, next, offset).from).toBe(today.until);
        expect(localDay(today.until - 0.5, offset)).toBe(day);
      }),
    );
  });

  it('refuses what dayRange refuses', () => {
    expect(() => dayBounds('2024-03-02', '2024-03-01', 0)).toThrow(RangeError);
  });
});

describe('dayRange', () => {
  it('runs from local midnight to 23:59:59.999 of the last day', () => {
    expect(dayRange('2024-03-01', '2024-03-07', 0)).toEqual({
      start_time: Date.UTC(2024, 2, 1),
      stop_time: Date.UTC(2024, 2, 7, 23, 59, 59, 999),
    });
  });

  it('shifts by the zone offset, fractional ones included', () => {
    expect(dayRange('2024-03-01', '2024-03-01', 5.5)).toEqual({
      start_time: Date.UTC(2024, 1, 29, 18, 30),
      stop_time: Date.UTC(2024, 2, 1, 18, 29, 59, 999),
    });
    expect(dayRange('2024-03-01', '2024-03-01', -5).start_time).toBe(Date.UTC(2024, 2, 1, 5));
    expect(dayRange('2024-03-01', '2024-03-01', 14).start_time).toBe(Date.UTC(2024, 1, 29, 10));
  });

  it('refuses a reversed range, a bad day or a bad offset', () => {
    expect(() => dayRange('2024-03-02', '2024-03-01', 0)).toThrow(RangeError);
    expect(() => dayRange('2024-02-30', '2024-03-01', 0)).toThrow('Invalid day: 2024-02-30');
    expect(() => dayRange('2024-03-01', '2024-03-01', 5.1)).toThrow(RangeError);
  });

  it('starts and stops on the given local days, and the next millisecond is the next day', () => {
    fc.assert(
      fc.property(anyDay, validOffset, (day, offset) => {
        const { start_time, stop_time } = dayRange(day, day, offset);
        expect(stop_time - start_time).toBe(MS_PER_DAY - 1);
        expect(localDay(start_time, offset)).toBe(day);
        expect(localDay(stop_time, offset)).toBe(day);
        expect(localDay(start_time - 1, offset)).not.toBe(day);
        expect(localDay(stop_time + 1, offset)).not.toBe(day);
        expect(daysOfRange(start_time, stop_time, offset)).toEqual({ startDate: day, stopDate: day });
      }),
    );
  });
});

describe('localDay', () => {
  const t = Date.UTC(2024, 2, 10, 3, 0); // 2024-03-10 03:00 UTC

  it('gives the day of the offset, not of the machine', () => {
    expect(localDay(t, 0)).toBe('2024-03-10');
    expect(localDay(t, -5)).toBe('2024-03-09');
    expect(localDay(t, 9)).toBe('2024-03-10');
    expect(localDay(Date.UTC(2024, 2, 10, 18, 30), 5.5)).toBe('2024-03-11');
    expect(localDay(Date.UTC(2024, 2, 10, 18, 29, 59, 999), 5.5)).toBe('2024-03-10');
  });

  it('works before 1970', () => {
    expect(localDay(-1, 0)).toBe('1969-12-31');
  });

  it('refuses a time that is not finite', () => {
    expect(() => localDay(NaN, 0)).toThrow('Invalid time: NaN');
  });

  it('agrees with the UTC fields of the shifted instant', () => {
    fc.assert(
      fc.property(anyTime, validOffset, (ms, offset) => {
        expect(localDay(ms, offset)).toBe(new Date(ms + offset * MS_PER_HOUR).toISOString().slice(0, 10));
      }),
    );
  });
});

describe('daysBetween', () => {
  it('lists every day, both ends included, across months and leap days', () => {
    expect(daysBetween('2024-02-27', '2024-03-02')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(daysBetween('2023-12-31', '2024-01-01')).toEqual(['2023-12-31', '2024-01-01']);
  });

  it('gives one day for equal ends and none for a reversed range', () => {
    expect(daysBetween('2024-03-01', '2024-03-01')).toEqual(['2024-03-01']);
    expect(daysBetween('2024-03-02', '2024-03-01')).toEqual([]);
  });

  it('refuses invalid days', () => {
    expect(() => daysBetween('2024-03-01', 'soon')).toThrow(RangeError);
  });

  it('has as many days as the range has days, each the next', () => {
    fc.assert(
      fc.property(anyDay, fc.nat(400), (start, n) => {
        const stop = new Date(Date.parse(start) + n * MS_PER_DAY).toISOString().slice(0, 10);
        const days = daysBetween(start, stop);
        expect(days).toHaveLength(n + 1);
        expect(days[0]).toBe(start);
        expect(days[n]).toBe(stop);
        expect([...days].sort()).toEqual(days);
      }),
    );
  });
});

describe('formatDate and formatDateTime', () => {
  it('formats as YYYY-mm-dd and YYYY-mm-dd HH:MM:SS, milliseconds dropped', () => {
    const t = Date.UTC(2024, 0, 5, 7, 8, 9, 999);
    expect(formatDate(t, 0)).toBe('2024-01-05');
    expect(formatDateTime(t, 0)).toBe('2024-01-05 07:08:09');
    expect(formatDateTime(t, 9.5)).toBe('2024-01-05 16:38:09');
    expect(formatDateTime(t, -8)).toBe('2024-01-04 23:08:09');
    expect(formatDateTime(0, 0)).toBe('1970-01-01 00:00:00');
    expect(formatDateTime(-1, 0)).toBe('1969-12-31 23:59:59');
  });

  it('agrees with the ISO text of the shifted instant', () => {
    fc.assert(
      fc.property(anyTime, validOffset, (ms, offset) => {
        const iso = new Date(ms + offset * MS_PER_HOUR).toISOString();
        expect(formatDateTime(ms, offset)).toBe(`${iso.slice(0, 10)} ${iso.slice(11, 19)}`);
        expect(formatDate(ms, offset)).toBe(iso.slice(0, 10));
      }),
    );
  });
});
