import { Injectable } from '@nestjs/common';
import { NotFound } from '@sweepline/domain';
import { Db } from '../database/transaction';

/** What a containment query asks for: every criterion given must hold (AND). */
export interface ContainmentCriteria {
  instrumentId?: number;
  calibrationId?: number;
  station?: string;
  operator?: string;
}

/** The instants of the range, half-open: from <= start_time < until (ISO). */
export interface ContainmentRange {
  from: string;
  until: string;
}

/** One run that matched, with its unit's status now; in order, newest run first. */
export interface ContainmentRunRow {
  runId: number;
  runNo: number;
  seqName: string;
  startTime: string;
  result: -1 | 0 | 1;
  station: string | null;
  operator: string;
  snId: number;
  sn: string;
  productId: number;
  productName: string;
  stageNo: number | null;
  finished: boolean;
}

/** The run's columns the answer needs (its start comes from the row that found it). */
const RUN_COLUMNS = 'r.id, r.run_no, r.seq_id, r.serial_number_id, r.result, r.station, r.user_name';

/**
 * The newest runs, at most `limit`, that a query's criteria select in the range: SQL over the
 * parameters $1 (the account), $2 and $3 (the range), in start order newest first, so that the
 * limit stops early. An instrument or a calibration (or both) selects the account's origin sets
 * naming it (run_origin_set's GIN indexes; a small table), and their runs in the range come from
 * run's partial index (account, origin set, start) INCLUDE (id) alone (migration 1763860300000),
 * sorted newest first (the index is not in start order across several sets, so the sort must come
 * first) and, without other criteria, cut to the limit before any run is read; each then finds
 * its run by run's primary key in that order, so that with other criteria the probes stop once
 * `limit` runs passed them (a LATERAL probe with LIMIT 1:
 * the planner, blind to how the two correlate, would otherwise hash whole months of runs), where
 * the other criteria filter it. Without either, run is read directly, newest first from an index
 * that the limit stops: a station by run's partial index run_account_station_time_idx, an operator
 * by run_account_operator_time_idx (migration 1763861300000).
 */
function newestRuns(c: ContainmentCriteria, params: unknown[], limit: number | undefined): string {
  const param = (value: unknown) => `$${params.push(value)}`;
  const filters: string[] = [];
  const cut = limit === undefined ? '' : `LIMIT ${Number(limit)}`;
  const sets: string[] = [];
  if (c.instrumentId !== undefined) sets.push(`s.instrument_ids @> ARRAY[${param(c.instrumentId)}::int]`);
  if (c.calibrationId !== undefined) sets.push(`s.calibration_ids @> ARRAY[${param(c.calibrationId)}::int]`);
  if (c.station !== undefined) filters.push(`r.station = ${param(c.station)}`);
  if (c.operator !== undefined) filters.push(`r.user_name = ${param(c.operator)}`);
  const and = filters.map((filter) => `AND ${filter}`).join(' ');
  if (sets.length === 0)
    return `SELECT ${RUN_COLUMNS}, r.start_time FROM run r
             WHERE r.account_id = $1 AND r.start_time >= $2 AND r.start_time < $3 ${and}
             ORDER BY r.start_time DESC ${cut}`;
  // the entries newest first, so the probes stop at the limit; without other criteria every entry
  // is a hit, so the newest `limit` entries are cut before the probes
  const early = `ORDER BY d.start_time DESC ${filters.length === 0 ? cut : ''}`;
  return `SELECT r.*, d.start_time FROM (
             SELECT d.id, d.account_id, d.start_time FROM run d
              WHERE d.account_id = $1 AND d.origin_set_id IS NOT NULL
                AND d.origin_set_id = ANY(ARRAY(SELECT s.id FROM run_origin_set s
                                                 WHERE s.account_id = $1 AND ${sets.join(' AND ')}))
                AND d.start_time >= $2 AND d.start_time < $3
              ${early}) d
           CROSS JOIN LATERAL (
                 SELECT ${RUN_COLUMNS} FROM run r
                  WHERE r.id = d.id AND r.account_id = d.account_id AND r.start_time = d.start_time ${and}
                  LIMIT 1) r
           ORDER BY d.start_time DESC ${cut}`;
}

/**
 * The SQL of containment (docs/api/instruments.md, "Containment"): which runs an instrument, a
 * calibration, a station or an operator measured, with their units' status now. Scoped to the
 * account.
 */
@Injectable()
export class ContainmentRepository {
  constructor(private readonly db: Db) {}

  /**
   * The runs matching every criterion in the range, newest first, at most `limit` (all when
   * undefined), in one statement: the runs are found and cut first, then their units, products,
   * tests and stages joined. Runs that start at the same instant are in id order, newest first.
   */
  runs(
    accountId: number,
    criteria: ContainmentCriteria,
    range: ContainmentRange,
    limit?: number,
  ): Promise<ContainmentRunRow[]> {
    const params: unknown[] = [accountId, range.from, range.until];
    return this.db.query<ContainmentRunRow>(
      `WITH hit AS MATERIALIZED (${newestRuns(criteria, params, limit)})
       SELECT h.id::float8 AS "runId", h.run_no AS "runNo", q.name AS "seqName",
              to_char(h.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startTime",
              h.result::int AS result, h.station, h.user_name AS operator,
              s.id AS "snId", s.sn, p.id AS "productId", p.name AS "productName",
              cur.stage_no::int AS "stageNo", (cur.id IS NOT NULL AND cur.stage_no IS NULL) AS finished
         FROM hit h
         JOIN serial_number s ON s.id = h.serial_number_id AND s.account_id = $1
         JOIN product p ON p.id = s.product_id AND p.account_id = $1
         JOIN seq q ON q.id = h.seq_id AND q.account_id = $1
         LEFT JOIN sn_stage_history cur ON cur.id = s.current_history_id AND cur.account_id = $1
        ORDER BY h.start_time DESC, h.id DESC`,
      params,
    );
  }

  /** 404 unless the account has the instrument. */
  async instrument(accountId: number, instrumentId: number): Promise<void> {
    const rows = await this.db.query('SELECT 1 FROM instrument WHERE account_id = $1 AND id = $2', [
      accountId,
      instrumentId,
    ]);
    if (rows.length === 0) throw new NotFound('Instrument');
  }

  /** 404 unless the account has the calibration. */
  async calibration(accountId: number, calibrationId: number): Promise<void> {
    const rows = await this.db.query('SELECT 1 FROM calibration_record WHERE account_id = $1 AND id = $2', [
      accountId,
      calibrationId,
    ]);
    if (rows.length === 0) throw new NotFound('Calibration');
  }
}
