import { Injectable } from '@nestjs/common';
import { DayCount, DayRate, NotFound } from '@sweepline/domain';
import { ReadDb } from '../database/read-db';
import { ReportRange } from './report-range';

/** docs/domain.md: percentages rounded to two decimals, halves up, exactly as the domain's percent(). */
const PERCENT = (part: string, whole: string) => `round(100.0 * ${part} / ${whole}, 2)::float8`;

/**
 * Every daily report sums quarter-hour rows of a roll-up kept by the upload transaction
 * (migration 1763857300000; docs/architecture.md, "Report roll-ups"): run_product_slot (tested
 * units) and run_test_slot (the others), one row per product or test, UTC day and quarter hour.
 * $3-$4: the first and last local day; $5: the zone offset in quarter hours (-48 to 56). A UTC day
 * overlaps two local days at most, so the rows of the UTC days around the range are read and
 * placed: quarter hour `slot` of UTC day `day` falls on the day before, the same or the next
 * (integer division, kept positive). The cost is at most 96 rows per day, whatever the runs.
 */
const inRange = (table: string, key: string) => `(
    SELECT h.day + (h.slot + $5::int + 96) / 96 - 1 AS local_day, h.*
      FROM ${table} h
     WHERE h.account_id = $1 AND h.${key} AND h.day BETWEEN $3::date - 1 AND $4::date + 1) h
   WHERE h.local_day BETWEEN $3::date AND $4::date`;

/**
 * Distinct units of a local day, from the tails and heads of unit-days (the migration says why):
 * a row's tails count from quarter hour (96 - offset) mod 96 of its UTC day on, its heads before.
 */
const UNITS = (tails: string, heads: string) =>
  `sum(CASE WHEN h.slot >= (96 - $5::int) % 96 THEN h.${tails} ELSE h.${heads} END)`;

const DAY = `to_char(h.local_day, 'YYYY-MM-DD') AS date`;

/** Tested units: distinct units per local day of the products (an array: "all products" is every live one). */
const UNIT_COUNTS = `
  SELECT ${DAY}, ${UNITS('unit_tails', 'unit_heads')}::int AS count
    FROM ${inRange('run_product_slot', 'product_id = ANY ($2::int[])')}
   GROUP BY h.local_day ORDER BY h.local_day`;

const SEQ_SLOTS = inRange('run_test_slot', 'seq_id = $2');

/** docs/requirements/results.md#screen: aborted runs are left out of the pass rate, and so are days without runs. */
const PASS_RATES = `
  SELECT ${DAY}, ${PERCENT('sum(h.passed)', 'sum(h.decided)')} AS "passRate"
    FROM ${SEQ_SLOTS}
   GROUP BY h.local_day HAVING sum(h.decided) > 0 ORDER BY h.local_day`;

/**
 * First-time pass yield: run.is_first marks each unit's first run of the test ever (kept by the
 * upload, docs/api/runs.md), so the units whose first run fell on a day are that day's first runs.
 */
const FIRST_TIME_YIELD = `
  SELECT ${DAY}, ${PERCENT('sum(h.first_passed)', 'sum(h.firsts)')} AS "passRate"
    FROM ${SEQ_SLOTS}
   GROUP BY h.local_day HAVING sum(h.firsts) > 0 ORDER BY h.local_day`;

/** Throughput yield: units that ran the test that day (aborted included), % with a passing run. */
const THROUGHPUT_YIELD = `
  SELECT ${DAY}, ${PERCENT(UNITS('pass_tails', 'pass_heads'), UNITS('unit_tails', 'unit_heads'))} AS "passRate"
    FROM ${SEQ_SLOTS}
   GROUP BY h.local_day HAVING ${UNITS('unit_tails', 'unit_heads')} > 0 ORDER BY h.local_day`;

export interface ProductListRow {
  id: number;
  name: string;
  model: string;
  info: string;
  seqs: { id: number; name: string; stageNo: number; testNo: number }[];
}

/**
 * The report pickers' products: live products in GET /user/edit's order (lower-cased name in
 * code-point order, then id), their live tests by stage, test number and id.
 */
const PRODUCT_LIST = `
  SELECT p.id, p.name, p.model, p.info,
         coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'stageNo', s.stage_no,
                                                     'testNo', s.test_no)
                                   ORDER BY s.stage_no, s.test_no, s.id)
                     FROM seq s
                    WHERE s.product_id = p.id AND s.account_id = $1 AND s.deleted_at IS NULL), '[]') AS seqs
    FROM product p
   WHERE p.account_id = $1 AND p.deleted_at IS NULL
   ORDER BY lower(p.name) COLLATE "C", p.id`;

/**
 * Only reports.service.ts's queries: every one is scoped by the caller's account. On the standby
 * when there is one: a daily report may lag the primary by the standby's replay delay.
 */
@Injectable()
export class ReportsRepository {
  constructor(private readonly db: ReadDb) {}

  productList(accountId: number): Promise<ProductListRow[]> {
    return this.db.query<ProductListRow>(PRODUCT_LIST, [accountId]);
  }

  /** The account's live products: all of them, or the one asked for (404 for any other id). */
  async productIds(accountId: number, productId: number | 'all'): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT id FROM product WHERE account_id = $1 AND deleted_at IS NULL AND ($2::int IS NULL OR id = $2)`,
      [accountId, productId === 'all' ? null : productId],
    );
    if (productId !== 'all' && rows.length === 0) throw new NotFound('Product');
    return rows.map((row) => row.id);
  }

  /** 404 'Test not found' unless the test and its product are live and the account's. */
  async requireSeq(accountId: number, seqId: number): Promise<void> {
    const [row] = await this.db.query(
      `SELECT 1 FROM seq s JOIN product p ON p.id = s.product_id
        WHERE s.id = $1 AND s.account_id = $2 AND s.deleted_at IS NULL AND p.deleted_at IS NULL`,
      [seqId, accountId],
    );
    if (!row) throw new NotFound('Test');
  }

  unitCounts(accountId: number, productIds: number[], range: ReportRange): Promise<DayCount[]> {
    return this.report<DayCount>(UNIT_COUNTS, accountId, productIds, range);
  }

  passRates(accountId: number, seqId: number, range: ReportRange): Promise<DayRate[]> {
    return this.seqReport(PASS_RATES, accountId, seqId, range);
  }

  firstTimeYield(accountId: number, seqId: number, range: ReportRange): Promise<DayRate[]> {
    return this.seqReport(FIRST_TIME_YIELD, accountId, seqId, range);
  }

  throughputYield(accountId: number, seqId: number, range: ReportRange): Promise<DayRate[]> {
    return this.seqReport(THROUGHPUT_YIELD, accountId, seqId, range);
  }

  private seqReport(sql: string, accountId: number, seqId: number, range: ReportRange): Promise<DayRate[]> {
    return this.report<DayRate>(sql, accountId, seqId, range);
  }

  private report<T>(
    sql: string,
    accountId: number,
    scope: number | number[],
    range: ReportRange,
  ): Promise<T[]> {
    return this.db.query<T>(sql, [
      accountId,
      scope,
      range.days[0],
      range.days.at(-1),
      // zone offsets are whole quarter hours (parseZoneOffset)
      range.offsetMinutes / 15,
    ]);
  }
}
