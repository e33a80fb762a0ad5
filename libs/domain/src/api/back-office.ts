/** The back office's query strings and answers (docs/api/reports.md); query values arrive as text. */
import type { Verdict } from '../results/verdict';

/** GET /report/bill. */
export interface BillQuery {
  /** 'YYYY-MM'. */
  month: string;
}

/** GET /report/usage: the last 7 or 30 days, or all. */
export interface UsageQuery {
  day_num: string;
}

/** GET /report/bill: one test's uploads in a month, with the free trial and the price (ours). */
export interface BillRow {
  accountId: number;
  accountName: string;
  /** The account manager's e-mail; '' if none. */
  managerEmail: string;
  productName: string;
  seqName: string;
  /** Runs uploaded in the month. */
  count: number;
  /** Of them, uploaded in the account's free trial. */
  freeCount: number;
  billableCount: number;
  /** billableCount × pricePerRecord, rounded to 2 decimals. */
  amount: number;
  pricePerRecord: number;
  /** ISO 4217. */
  currency: string;
  /** ISO time the free trial ends. */
  trialEnd: string;
}

/** GET /report/usage: uploads of one test with one result on one UTC day. */
export interface UsageRow {
  /** 'YYYY-MM-DD', the UTC day of upload. */
  date: string;
  accountId: number;
  account: string;
  managerEmail: string;
  product: string;
  seq: string;
  result: Verdict;
  count: number;
}

/** GET /report/accounts: one account. */
export interface AccountRow {
  id: number;
  name: string;
  managerEmail: string;
  /** The sign-up, in milliseconds since 1970 UTC: the spec's "registerTime (timestamp)". */
  registerTime: number;
  isActive: boolean;
}
