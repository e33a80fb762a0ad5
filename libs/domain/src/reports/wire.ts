/**
 * The answers of the report pickers and the back office as they travel (spec 2 sections 3 and 7):
 * the API's DTOs implement them and the web app reads them, so both sides agree on one shape.
 */
import type { Verdict } from '../results/verdict';

/** GET /user/product_list: a live test as the report pickers list it. */
export interface ProductListSeq {
  id: number;
  name: string;
  stageNo: number;
  testNo: number;
}

/** GET /user/product_list: a live product with its live tests by stage and test number. */
export interface ProductListItem {
  id: number;
  name: string;
  model: string;
  info: string;
  seqs: ProductListSeq[];
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
  /** ISO time of sign-up. */
  registerTime: string;
  isActive: boolean;
}
