/**
 * The daily reports' and the report pickers' query strings and answers (docs/api/reports.md,
 * docs/requirements/results.md#entities, docs/requirements/reports.md); query values arrive as text.
 */

/** The date range of every daily report (docs/requirements/reports.md): local days of zone_offset. */
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

export interface DayCount {
  date: string;
  count: number;
}

export interface DayRate {
  date: string;
  /** Percent, 0-100, two decimals. */
  passRate: number;
}
