/** The query strings of the daily reports (docs/api/reports.md); query values arrive as text. */

/** The date range of every daily report (spec 2 section 7): local days of zone_offset. */
export interface ReportRangeQuery {
  /** Epoch milliseconds: the local start of the first day. */
  start_time: string;
  /** Epoch milliseconds: the local end (23:59:59.999) of the last day. */
  stop_time: string;
  /** Hours from UTC, -12 to 14 in quarter hours; default 0. */
  zone_offset?: string;
}

/** GET /report/daily_test_unit_count. */
export interface UnitCountQuery extends ReportRangeQuery {
  /** A live product, or -1 for all of them. */
  product_id: string;
}

/** GET /report/daily_pass_rate. */
export interface PassRateQuery extends ReportRangeQuery {
  seq_id: string;
}

/** GET /report/sn_pass_yield. */
export interface YieldQuery extends PassRateQuery {
  /** 1: first-time pass yield; 0: throughput yield. */
  is_first: '1' | '0';
}
