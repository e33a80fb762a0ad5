import { Injectable } from '@nestjs/common';
import { DayCount, DayRate, NotFound } from '@sweepline/domain';
import { ReadDb } from '../database/read-db';
import { ReportRange } from './report-range';

/**
 * The local day of an instant ($5: the zone offset in minutes): its UTC wall-clock time shifted
 * by the offset, as a date. Plain interval arithmetic on `timestamp`, so it needs no zone name,
 * does not depend on the session's TimeZone and works alike on PostgreSQL 15 and 18 (STACK.md);
 * quarter-hour offsets are whole minutes.
 */
const localDayOf = (column: string) => `((${column} AT TIME ZONE 'UTC') + make_interval(mins => $5))::date`;
const LOCAL_DAY = localDayOf('r.start_time');

/** docs/domain.md: percentages rounded to two decimals, halves up, exactly as the domain's percent(). */
const PERCENT = (part: string, whole: string) => `round(100.0 * ${part} / ${whole}, 2)::float8`;

/**
 * Runs of one test in the range ($3-$4), from the index (account_id, seq_id, start_time) INCLUDE
 * (result, is_first, serial_number_id) alone (migration 1763856600000).
 */
const SEQ_RUNS = `FROM run r
  WHERE r.account_id = $1 AND r.seq_id = $2 AND r.start_time BETWEEN $3::timestamptz AND $4::timestamptz`;

/**
 * The local day of a quarter hour `slot` (0-95) of the UTC day `day`, at the offset $5 in quarter
 * hours (-48 to 56): the day before, the same or the next (integer division, kept positive).
 */
const localDayOfSlot = (day: string, slot: string) => `${day} + (${slot} + $5 + 96) / 96 - 1`;

/**
 * Tested units: distinct units per local day ($3-$4, dates), from the roll-up run_unit_day (a row
 * per unit and UTC day with the quarter hours of its first and last run there, and prev_slot:
 * that of its last run on the UTC day before; migrations 1763856600000 and 1763856700000). A UTC
 * day overlaps at most two local days of any offset and offsets are whole quarter hours, so a
 * unit-day was tested on the local days of its first and last slot. A unit counts once on a local
 * day: its first slot's day is left out when its previous UTC day's last run already fell on that
 * local day (only a local day spanning both UTC days can hold runs of both, and then it holds
 * that day's last run). Without a distinct count, unit-days with equal slots are counted as one
 * group, read in order from the index run_unit_day (account_id, product_id, day, first_slot,
 * last_slot, prev_slot), one product after another (LATERAL: per product the index order is the
 * grouping's, so no hashing of every unit-day). A serial_number row is one (product, sn) pair,
 * the domain's unit. Products come as an array ("all products": every live one).
 */
const UNIT_COUNTS = `
  WITH slots AS (
    SELECT s.* FROM unnest($2::int[]) AS p(id), LATERAL (
      SELECT u.day, u.first_slot, u.last_slot, u.prev_slot, count(*) AS units
        FROM run_unit_day u
       WHERE u.account_id = $1 AND u.product_id = p.id AND u.day BETWEEN $3::date - 1 AND $4::date + 1
       GROUP BY u.day, u.first_slot, u.last_slot, u.prev_slot) s
  ), local_days AS (
    SELECT ${localDayOfSlot('day', 'first_slot')} AS first_day, ${localDayOfSlot('day', 'last_slot')} AS last_day,
           ${localDayOfSlot('day - 1', 'prev_slot')} AS prev_day, units
      FROM slots
  )
  SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(units)::int AS count
    FROM (SELECT first_day AS day, units FROM local_days WHERE prev_day IS DISTINCT FROM first_day
          UNION ALL
          SELECT last_day, units FROM local_days WHERE last_day <> first_day) x
   WHERE day BETWEEN $3::date AND $4::date
   GROUP BY day ORDER BY day`;

/** spec 2: aborted runs are left out of the pass rate, and so are days without runs. */
const PASS_RATES = `
  SELECT to_char(${LOCAL_DAY}, 'YYYY-MM-DD') AS date,
         ${PERCENT('count(*) FILTER (WHERE r.result = 1)', 'count(*)')} AS "passRate"
    ${SEQ_RUNS} AND r.result <> -1
   GROUP BY ${LOCAL_DAY} ORDER BY ${LOCAL_DAY}`;

/**
 * First-time pass yield: run.is_first marks each unit's first run of the test ever (kept by the
 * upload, docs/api/runs.md), so the units whose first run fell on a day are that day's first runs.
 */
const FIRST_TIME_YIELD = `
  SELECT to_char(${LOCAL_DAY}, 'YYYY-MM-DD') AS date,
         ${PERCENT('count(*) FILTER (WHERE r.result = 1)', 'count(*)')} AS "passRate"
    ${SEQ_RUNS} AND r.is_first
   GROUP BY ${LOCAL_DAY} ORDER BY ${LOCAL_DAY}`;

/** Throughput yield: units that ran the test that day (aborted included), % with a passing run. */
const THROUGHPUT_YIELD = `
  SELECT to_char(day, 'YYYY-MM-DD') AS date,
         ${PERCENT('count(*) FILTER (WHERE passed)', 'count(*)')} AS "passRate"
    FROM (SELECT ${LOCAL_DAY} AS day, bool_or(r.result = 1) AS passed
            ${SEQ_RUNS}
           GROUP BY 1, r.serial_number_id) u
   GROUP BY day ORDER BY day`;

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
    return this.db.query<DayCount>(UNIT_COUNTS, [
      accountId,
      productIds,
      range.days[0],
      range.days.at(-1),
      // zone offsets are whole quarter hours (parseZoneOffset)
      range.offsetMinutes / 15,
    ]);
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
    return this.db.query<DayRate>(sql, [accountId, seqId, range.from, range.to, range.offsetMinutes]);
  }
}
