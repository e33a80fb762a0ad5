/** The query strings of the back office (docs/api/reports.md); query values arrive as text. */

/** GET /report/bill. */
export interface BillQuery {
  /** 'YYYY-MM'. */
  month: string;
}

/** GET /report/usage: the last 7 or 30 days, or all. */
export interface UsageQuery {
  day_num: string;
}
