import fc from 'fast-check';
import { billMonths, defaultBillMonth, FIRST_BILL_MONTH, isValidMonth, monthRange } from './months';

describe('isValidMonth', () => {
  it.each(['2023-05', '2024-12', '0001-01'])('accepts %s', (m) => expect(isValidMonth(m)).toBe(true));
  it.each(['2023-13', '2023-00', '2023-5', '23-05', '2023-05-01', ''])('refuses %j', (m) =>
    expect(isValidMonth(m)).toBe(false),
  );
});

describe('billMonths', () => {
  it('lists the current UTC month down to May 2023, newest first', () => {
    expect(billMonths(Date.UTC(2023, 7, 15))).toEqual(['2023-08', '2023-07', '2023-06', '2023-05']);
  });

  it('crosses years', () => {
    const months = billMonths(Date.UTC(2025, 0, 1));
    expect(months.slice(0, 3)).toEqual(['2025-01', '2024-12', '2024-11']);
    expect(months).toHaveLength(21);
    expect(months[months.length - 1]).toBe(FIRST_BILL_MONTH);
  });

  it('uses the UTC month at its edges', () => {
    expect(billMonths(Date.UTC(2023, 5, 30, 23, 59, 59, 999))[0]).toBe('2023-06');
    expect(billMonths(Date.UTC(2023, 6, 1))[0]).toBe('2023-07');
  });

  it('has only May 2023 in May 2023 and nothing before', () => {
    expect(billMonths(Date.UTC(2023, 4, 31))).toEqual(['2023-05']);
    expect(billMonths(Date.UTC(2023, 3, 30))).toEqual([]);
  });

  it('lists consecutive valid months, one per month since May 2023', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2023, 4, 1), max: Date.UTC(2100, 0, 1) }), (now) => {
        const months = billMonths(now);
        const d = new Date(now);
        expect(months).toHaveLength((d.getUTCFullYear() - 2023) * 12 + d.getUTCMonth() - 4 + 1);
        expect(months.every(isValidMonth)).toBe(true);
        expect(new Set(months).size).toBe(months.length);
        expect([...months].sort().reverse()).toEqual(months);
      }),
    );
  });
});

describe('defaultBillMonth', () => {
  it('is the previous month', () => {
    expect(defaultBillMonth(Date.UTC(2024, 0, 10))).toBe('2023-12');
  });

  it('is May 2023 when that is the only month, and before it', () => {
    expect(defaultBillMonth(Date.UTC(2023, 4, 10))).toBe('2023-05');
    expect(defaultBillMonth(Date.UTC(2020, 0, 1))).toBe('2023-05');
  });
});

describe('monthRange', () => {
  it('spans the UTC calendar month, both ends included', () => {
    expect(monthRange('2024-02')).toEqual({
      start_time: Date.UTC(2024, 1, 1),
      stop_time: Date.UTC(2024, 2, 1) - 1,
    });
    expect(monthRange('2023-12')).toEqual({
      start_time: Date.UTC(2023, 11, 1),
      stop_time: Date.UTC(2024, 0, 1) - 1,
    });
  });

  it('refuses an invalid month', () => {
    expect(() => monthRange('2024-13')).toThrow(RangeError);
  });
});
