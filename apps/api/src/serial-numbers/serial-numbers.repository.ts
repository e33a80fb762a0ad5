import { Injectable } from '@nestjs/common';
import { SnProduct, SnUnit, NotFound, StageNo, StageReason, Verdict } from '@sweepline/domain';
import { Db } from '../database/transaction';

/** A serial number with its product and its current stage-history entry. */
export interface SerialNumberRow {
  id: number;
  product_id: number;
  product_name: string;
  sn: string;
  /** The current entry; null while the product had no tests to place it in. */
  history_id: number | null;
  /** The current entry's stage; null when finished (or without an entry). */
  stage_no: number | null;
}

export interface ProductRef {
  id: number;
  name: string;
}

const SN_COLUMNS = `s.id, s.product_id, p.name AS product_name, s.sn, s.current_history_id AS history_id,
  h.stage_no`;
const SN_FROM = `serial_number s
  JOIN product p ON p.id = s.product_id AND p.deleted_at IS NULL
  LEFT JOIN sn_stage_history h ON h.id = s.current_history_id`;

/**
 * The SQL of serial numbers (docs/requirements/serial-numbers.md#calls), and the one writer of serial_number and
 * sn_stage_history. Every method is scoped to the account.
 */
@Injectable()
export class SerialNumbersRepository {
  constructor(private readonly db: Db) {}

  /**
   * GET /sn: the live products by name, each with its live tests (as GET /user/product_list
   * orders them), its serial numbers in code-point order (the same on every PostgreSQL whatever
   * its collation) and the stages of its live tests.
   */
  products(accountId: number): Promise<SnProduct[]> {
    return this.db.query<SnProduct>(
      `SELECT p.id, p.name, p.model, p.info,
              COALESCE((SELECT json_agg(json_build_object('id', q.id, 'name', q.name, 'stageNo', q.stage_no,
                                                          'testNo', q.test_no)
                                        ORDER BY q.stage_no, q.test_no, q.id)
                          FROM seq q WHERE q.product_id = p.id AND q.deleted_at IS NULL), '[]') AS seqs,
              COALESCE((SELECT array_agg(s.sn ORDER BY s.sn COLLATE "C") FROM serial_number s
                         WHERE s.product_id = p.id), '{}') AS "snArray",
              COALESCE((SELECT array_agg(DISTINCT q.stage_no::int ORDER BY q.stage_no::int) FROM seq q
                         WHERE q.product_id = p.id AND q.deleted_at IS NULL), '{}') AS "stageArray"
         FROM product p
        WHERE p.account_id = $1 AND p.deleted_at IS NULL
        ORDER BY lower(p.name) COLLATE "C", p.id`,
      [accountId],
    );
  }

  /**
   * GET /sn/units: the product's serial numbers in code-point order, each with its current stage
   * and its latest run. The latest run comes from the roll-up run_unit_test (one row per unit and
   * test, kept by the upload): one index probe of its primary key per unit, never a search of the
   * monthly partitions of run, so the cost grows with the units alone. A serial number without a
   * stage entry (its product had no tests when it was added) is at the product's lowest stage
   * (docs/api/serial-numbers.md#stage-rules).
   */
  async units(accountId: number, productId: number): Promise<SnUnit[]> {
    const rows = await this.db.query<{
      sn: string;
      stage_no: number | null;
      finished: boolean;
      result: Verdict | null;
      start_time: Date | null;
      seq_name: string | null;
    }>(
      `SELECT s.sn,
              CASE WHEN s.current_history_id IS NULL
                   THEN (SELECT min(q.stage_no)::int FROM seq q WHERE q.product_id = $2 AND q.deleted_at IS NULL)
                   ELSE h.stage_no::int END AS stage_no,
              (s.current_history_id IS NOT NULL AND h.stage_no IS NULL) AS finished,
              u.latest_result::int AS result, u.latest_start AS start_time, q.name AS seq_name
         FROM serial_number s
         LEFT JOIN sn_stage_history h ON h.id = s.current_history_id
         LEFT JOIN LATERAL (
                SELECT u.seq_id, u.latest_result, u.latest_start FROM run_unit_test u
                 WHERE u.account_id = s.account_id AND u.serial_number_id = s.id
                 ORDER BY u.visit_history_id DESC, u.latest_start DESC, u.latest_id DESC LIMIT 1) u ON true
         LEFT JOIN seq q ON q.id = u.seq_id
        WHERE s.account_id = $1 AND s.product_id = $2
        ORDER BY s.sn COLLATE "C"`,
      [accountId, productId],
    );
    return rows.map((row) => ({
      sn: row.sn,
      stageNo: row.stage_no,
      finished: row.finished,
      latest:
        row.result === null
          ? null
          : { result: row.result, startTime: row.start_time!.toISOString(), seqName: row.seq_name ?? '' },
    }));
  }

  /** A live product of the account; 404 otherwise. */
  async product(accountId: number, productId: number): Promise<ProductRef> {
    const [row] = await this.db.query<ProductRef>(
      'SELECT id, name FROM product WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL',
      [productId, accountId],
    );
    if (!row) throw new NotFound('Product');
    return row;
  }

  /** The serial numbers of `sns` that exist in the product, locked for this request when `lock`. */
  inProduct(productId: number, sns: readonly string[], lock = false): Promise<SerialNumberRow[]> {
    return this.db.query<SerialNumberRow>(
      `SELECT ${SN_COLUMNS} FROM ${SN_FROM}
        WHERE s.product_id = $1 AND s.sn = ANY($2::text[])
        ORDER BY s.id ${lock ? 'FOR UPDATE OF s' : ''}`,
      [productId, sns],
    );
  }

  /** The serial numbers of `sns` in any live product of the account. */
  inAccount(accountId: number, sns: readonly string[], lock = false): Promise<SerialNumberRow[]> {
    return this.db.query<SerialNumberRow>(
      `SELECT ${SN_COLUMNS} FROM ${SN_FROM}
        WHERE s.account_id = $1 AND s.sn = ANY($2::text[])
        ORDER BY s.id ${lock ? 'FOR UPDATE OF s' : ''}`,
      [accountId, sns],
    );
  }

  /** The serial numbers of `ids` in live products of the account, locked for this request when `lock`. */
  byIds(accountId: number, ids: readonly number[], lock = false): Promise<SerialNumberRow[]> {
    return this.db.query<SerialNumberRow>(
      `SELECT ${SN_COLUMNS} FROM ${SN_FROM}
        WHERE s.account_id = $1 AND s.id = ANY($2::int[])
        ORDER BY s.id ${lock ? 'FOR UPDATE OF s' : ''}`,
      [accountId, ids],
    );
  }

  /** New serial numbers, in one statement; answers their ids. */
  async insert(accountId: number, productId: number, sns: readonly string[], userName: string) {
    const rows = await this.db.query<{ id: number }>(
      `INSERT INTO serial_number (account_id, product_id, sn, created_by_name)
       SELECT $1, $2, x.sn, $4 FROM unnest($3::text[]) AS x(sn)
       RETURNING id`,
      [accountId, productId, sns, userName],
    );
    return rows.map((row) => row.id);
  }

  /** The serial numbers among `ids` that have runs. */
  async withRuns(ids: readonly number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT s.id FROM unnest($1::int[]) AS s(id)
        WHERE EXISTS (SELECT 1 FROM run r WHERE r.serial_number_id = s.id)`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /** Deletes serial numbers and, by cascade, their stage history. */
  async delete(ids: readonly number[]): Promise<void> {
    await this.db.query('DELETE FROM serial_number WHERE id = ANY($1::int[])', [ids]);
  }

  /**
   * A new stage-history entry for each serial number, made current in the same statement. `runId` is the run whose pass made an
   * 'advance' entry. Answers the new entries' ids. A prepared statement: an upload whose pass moves
   * its unit on asks it, and its parse and plan cost PostgreSQL as much as its execution.
   */
  async enterStage(
    accountId: number,
    serialNumberIds: readonly number[],
    stageNo: StageNo,
    reason: StageReason,
    userName: string,
    runId: number | null = null,
  ): Promise<number[]> {
    const rows = await this.db.prepared<{ id: number }>(
      'serial-numbers-enter-stage',
      `WITH h AS (
         INSERT INTO sn_stage_history (account_id, serial_number_id, stage_no, reason, run_id, created_by_name)
         SELECT $1, x.id, $3, $4, $5, $6 FROM unnest($2::int[]) AS x(id)
         RETURNING id, serial_number_id
       )
       UPDATE serial_number s SET current_history_id = h.id FROM h WHERE s.id = h.serial_number_id
       RETURNING h.id`,
      [accountId, serialNumberIds, stageNo, reason, runId, userName],
    );
    return rows.map((row) => row.id);
  }
}
