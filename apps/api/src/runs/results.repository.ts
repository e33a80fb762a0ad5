import { Injectable } from '@nestjs/common';
import type { StepResult, Verdict } from '@sweepline/domain';
import { ReadDb } from '../database/read-db';
import { RELEASE_OF_RUN, RELEASE_OF_RUN_COLUMNS, ReleaseOfRunRow } from './release-of-run.sql';

export interface ReportUnit {
  id: number;
  sn: string;
  product_id: number;
  product_name: string;
}

export interface ReportRunRow extends ReleaseOfRunRow {
  id: number;
  seq_id: number;
  sn_stage_history_id: number;
  run_no: number;
  start_time: Date;
  seq_name: string;
  seq_version: number;
  current_seq_version: number;
  result: Verdict;
  user_name: string;
  steps: StepResult[];
}

export interface LatestRunRow extends ReleaseOfRunRow {
  id: number;
  sn: string;
  product_id: number;
  product_name: string;
  seq_name: string;
  result: Verdict;
  start_time: Date;
}

const RUN_COLUMNS = `r.id::float8 AS id, r.seq_id, r.sn_stage_history_id, r.run_no, r.start_time, s.name AS seq_name,
  r.seq_version, s.version AS current_seq_version, r.result::int AS result, r.user_name, r.steps,
  ${RELEASE_OF_RUN_COLUMNS}`;

/**
 * The SQL of the Test Result screen (docs/requirements/results.md#calls, GET /report/sn), on the standby when there
 * is one and it has replayed every write committed before the request (a run just uploaded shows).
 */
@Injectable()
export class ResultsRepository {
  constructor(private readonly db: ReadDb) {}

  /**
   * The serial number in each of the account's live products that holds it (or in `productId`
   * alone): the one tested last first, then the one added last.
   */
  units(accountId: number, sn: string, productId?: number): Promise<ReportUnit[]> {
    return this.db.fresh<ReportUnit>(
      `SELECT u.id, u.sn, u.product_id, p.name AS product_name
         FROM serial_number u JOIN product p ON p.id = u.product_id AND p.deleted_at IS NULL
        WHERE u.account_id = $1 AND u.sn = $2 AND ($3::int IS NULL OR u.product_id = $3)
        ORDER BY (SELECT max(r.start_time) FROM run r WHERE r.serial_number_id = u.id) DESC NULLS LAST, u.id DESC`,
      [accountId, sn, productId ?? null],
    );
  }

  /**
   * The account's latest runs in its live products, newest first. Each product's newest come
   * from its (account_id, product_id, start_time) index, then the products' are merged.
   */
  latest(accountId: number, limit: number): Promise<LatestRunRow[]> {
    return this.db.fresh<LatestRunRow>(
      `SELECT r.id, r.sn, p.id AS product_id, p.name AS product_name, r.seq_name, r.result, r.start_time,
              r.release_no, r.release_at, r.release_note, r.release_newest_no
         FROM product p
         CROSS JOIN LATERAL (
           SELECT r.id::float8 AS id, r.sn, s.name AS seq_name, r.result::int AS result, r.start_time,
                  ${RELEASE_OF_RUN_COLUMNS}
             FROM run r JOIN seq s ON s.id = r.seq_id ${RELEASE_OF_RUN}
            WHERE r.account_id = $1 AND r.product_id = p.id
            ORDER BY r.start_time DESC, r.id DESC
            LIMIT $2) r
        WHERE p.account_id = $1 AND p.deleted_at IS NULL
        ORDER BY r.start_time DESC, r.id DESC
        LIMIT $2`,
      [accountId, limit],
    );
  }

  /** Every run of the serial number, or the latest of each test; newest first. */
  runs(unitId: number, all: boolean): Promise<ReportRunRow[]> {
    const runs = (distinct = '') =>
      `SELECT ${distinct} ${RUN_COLUMNS} FROM run r JOIN seq s ON s.id = r.seq_id ${RELEASE_OF_RUN}
        WHERE r.serial_number_id = $1`;
    const sql = all
      ? `${runs()} ORDER BY r.start_time DESC, r.id DESC`
      : `SELECT * FROM (${runs('DISTINCT ON (r.seq_id)')} ORDER BY r.seq_id, r.start_time DESC, r.id DESC) latest
         ORDER BY start_time DESC, id DESC`;
    return this.db.fresh<ReportRunRow>(sql, [unitId]);
  }
}
