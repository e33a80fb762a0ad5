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

/**
 * The runs a query's criteria select in the range, as SQL over `r` (the run) and the parameters
 * $1 (the account), $2 and $3 (the range): the driving index range first, the other criteria as
 * filters of its rows. A calibration is the narrowest criterion, then an instrument (their tables
 * carry the run's start, so each reads one range of its (account, id, start_time) index); a
 * station reads run's partial index run_account_station_time_idx; an operator alone scans the
 * range's partitions of run.
 */
function matching(c: ContainmentCriteria, params: unknown[]): { from: string; where: string[] } {
  const param = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [];
  const byIndex = (table: string, column: string, id: number) =>
    `${table} d JOIN run r ON r.id = d.run_id AND r.account_id = d.account_id AND r.start_time = d.start_time
      WHERE d.account_id = $1 AND d.${column} = ${param(id)} AND d.start_time >= $2 AND d.start_time < $3`;
  // run_instrument's and run_calibration's primary keys lead with the run: one probe per row
  const named = (table: string, column: string, id: number) =>
    `EXISTS (SELECT 1 FROM ${table} x WHERE x.run_id = r.id AND x.${column} = ${param(id)})`;
  let from: string;
  if (c.calibrationId !== undefined) {
    from = byIndex('run_calibration', 'calibration_id', c.calibrationId);
    if (c.instrumentId !== undefined) where.push(named('run_instrument', 'instrument_id', c.instrumentId));
  } else if (c.instrumentId !== undefined) {
    from = byIndex('run_instrument', 'instrument_id', c.instrumentId);
  } else {
    from = 'run r WHERE r.account_id = $1 AND r.start_time >= $2 AND r.start_time < $3';
  }
  if (c.station !== undefined) where.push(`r.station = ${param(c.station)}`);
  if (c.operator !== undefined) where.push(`r.user_name = ${param(c.operator)}`);
  return { from, where };
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
   * undefined), in one statement: the runs are found and cut first (the driving index read in
   * start order, so a limit stops it early), then their units, products, tests and stages joined.
   */
  runs(
    accountId: number,
    criteria: ContainmentCriteria,
    range: ContainmentRange,
    limit?: number,
  ): Promise<ContainmentRunRow[]> {
    const params: unknown[] = [accountId, range.from, range.until];
    const { from, where } = matching(criteria, params);
    const cut = limit === undefined ? '' : `LIMIT ${Number(limit)}`;
    return this.db.query<ContainmentRunRow>(
      `WITH hit AS MATERIALIZED (
         SELECT r.id, r.run_no, r.seq_id, r.serial_number_id, r.start_time, r.result, r.station, r.user_name
           FROM ${from} ${where.map((w) => `AND ${w}`).join(' ')}
          ORDER BY r.start_time DESC, r.id DESC ${cut})
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
