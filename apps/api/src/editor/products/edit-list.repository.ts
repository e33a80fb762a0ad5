import { Injectable } from '@nestjs/common';
import { Db } from '../../database/transaction';

/**
 * The account's mark: how many products it has and their editor_version summed. Every editor
 * write updates its product row (who changed it and when), and every update of a product row
 * bumps its editor_version (migration 1763856400000), so the sum grows with every change of
 * anything GET /user/edit answers, deletes included (products are only ever soft-deleted).
 */
const MARK = `SELECT count(*)::int AS products, coalesce(sum(editor_version), 0)::text AS version
                FROM product WHERE account_id = $1`;

/** An ISO time as Date.toISOString writes it (UTC, milliseconds): to_char truncates as Date does. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const AUDIT = (
  t: string,
) => `${t}.create_user_name AS "createUserName", ${iso(`${t}.create_time`)} AS "createTime",
  ${t}.update_user_name AS "updateUserName", ${iso(`${t}.update_time`)} AS "updateTime"`;

/**
 * The whole reply of GET /user/edit, built by PostgreSQL as JSON text, with the mark read in the
 * same snapshot. The shapes and orders are those of EditorRepository.products (docs/api/editor.md):
 * products by lower-cased name in code-point order then id, tests by stage, test number and id,
 * steps by position. PostgreSQL writes the stored params, errors and calibrations straight out,
 * so the API neither parses nor re-serialises 15 000 params (docs/performance.md, "API").
 */
const LIST = `
  SELECT (SELECT coalesce(json_agg(p ORDER BY lower(o.name) COLLATE "C", o.id), '[]')::text
            FROM product o CROSS JOIN LATERAL (
              SELECT o.id, o.name, o.model, o.info, ${AUDIT('o')},
                     (SELECT coalesce(json_agg(s ORDER BY q.stage_no, q.test_no, q.id), '[]')
                        FROM seq q CROSS JOIN LATERAL (
                          SELECT q.id, q.name, q.stage_no AS "stageNo", q.test_no AS "testNo",
                                 q.is_completed AS "isCompleted",
                                 (SELECT coalesce(json_agg(st ORDER BY t.position), '[]')
                                    FROM step t CROSS JOIN LATERAL (
                                      SELECT t.id, t.name, t.is_default_name AS "isDefaultName",
                                             t.instrument_id AS "instrumentId", t.action_id AS "actionId",
                                             t.param, t.is_completed AS "isCompleted", t.errors) st
                                   WHERE t.seq_id = q.id) AS steps,
                                 q.cals, ${AUDIT('q')}) s
                       WHERE q.product_id = o.id AND q.account_id = $1 AND q.deleted_at IS NULL) AS seqs) p
           WHERE o.account_id = $1 AND o.deleted_at IS NULL) AS data,
         m.products, m.version
    FROM (${MARK}) m`;

/** How many products the account has, and their editor_version summed (as text: a bigint). */
export interface Mark {
  products: number;
  version: string;
}

/** The SQL of GET /user/edit: the account's mark, and the whole reply as JSON text. */
@Injectable()
export class EditListRepository {
  constructor(private readonly db: Db) {}

  async mark(accountId: number): Promise<Mark> {
    const [mark] = await this.db.prepared<Mark>('editor-mark', MARK, [accountId]);
    return mark!;
  }

  /** The products as JSON text (`data`), with the mark of the same snapshot. */
  async list(accountId: number): Promise<Mark & { data: string }> {
    const [row] = await this.db.query<Mark & { data: string }>(LIST, [accountId]);
    return row!;
  }
}
