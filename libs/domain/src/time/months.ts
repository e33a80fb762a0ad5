import { civilFromDays, daysFromCivil, MS_PER_DAY, pad } from './civil';

/** docs/requirements/back-office-and-billing.md#bill, docs/requirements/back-office-and-billing.md: bill months go from the current month down to May 2023. */
export const FIRST_BILL_MONTH = '2023-05';

const MONTH = /^(\d{4})-(\d{2})$/;

/** Months counted from year 0, so consecutive months are consecutive integers. */
function monthIndex(year: number, month: number): number {
  return year * 12 + month - 1;
}

function monthLabel(index: number): string {
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1, 2)}`;
}

const FIRST_BILL_INDEX = monthIndex(2023, 5);

function parseMonth(month: string): { year: number; month: number } | undefined {
  const m = MONTH.exec(month);
  if (!m) return undefined;
  const [year, mo] = [Number(m[1]), Number(m[2])];
  return mo >= 1 && mo <= 12 ? { year, month: mo } : undefined;
}

export function isValidMonth(month: string): boolean {
  return parseMonth(month) !== undefined;
}

/**
 * Months 'YYYY-MM' from the current UTC month (docs/requirements/back-office-and-billing.md#bill: bills are per calendar month in UTC)
 * down to FIRST_BILL_MONTH, newest first. Empty if the clock says before May 2023.
 */
export function billMonths(nowMs: number): string[] {
  const now = civilFromDays(Math.floor(nowMs / MS_PER_DAY));
  const months: string[] = [];
  for (let i = monthIndex(now.year, now.month); i >= FIRST_BILL_INDEX; i--) months.push(monthLabel(i));
  return months;
}

/** docs/requirements/back-office-and-billing.md#bill: the second entry (the previous month) is the default; in May 2023 the only one. */
export function defaultBillMonth(nowMs: number): string {
  const months = billMonths(nowMs);
  return months[1] ?? months[0] ?? FIRST_BILL_MONTH;
}

/** First and last millisecond (both inclusive) of a UTC calendar month, for the bill query. */
export function monthRange(month: string): { start_time: number; stop_time: number } {
  const m = parseMonth(month);
  if (!m) throw new RangeError(`Invalid month: ${month}`);
  const next = monthIndex(m.year, m.month) + 1;
  const first = daysFromCivil(m.year, m.month, 1);
  const after = daysFromCivil(Math.floor(next / 12), (next % 12) + 1, 1);
  return { start_time: first * MS_PER_DAY, stop_time: after * MS_PER_DAY - 1 };
}
