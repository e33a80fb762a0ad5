import type { BillRow } from '@sweepline/domain';

/**
 * The summary row of one account's bill. Amounts are summed in cents so 0.1 + 0.2 stays 0.30;
 * every row of an account has the same currency (the service's).
 */
export function billTotals(rows: readonly BillRow[]) {
  let cents = 0;
  const totals = { count: 0, freeCount: 0, billableCount: 0, amount: 0, currency: rows[0]?.currency ?? '' };
  for (const r of rows) {
    totals.count += r.count;
    totals.freeCount += r.freeCount;
    totals.billableCount += r.billableCount;
    cents += Math.round(r.amount * 100);
  }
  totals.amount = cents / 100;
  return totals;
}
