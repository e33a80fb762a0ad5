import { Injectable, StreamableFile } from '@nestjs/common';
import { SUCCESS } from '@sweepline/domain';
import { Request, Response } from 'express';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import { AccountCtx } from '../auth/auth-context';
import { RawReply } from '../common/envelope';
import { Db } from '../database/transaction';
import { EditReplyCache } from './edit-reply-cache';

const gunzip = promisify(gunzipCallback);

/**
 * Bump when the reply's bytes change for the same rows (a new field, another format), so that
 * clients holding an old copy get the new one.
 */
const REPLY_FORMAT = 1;

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

interface Mark {
  products: number;
  version: string;
}

/** Weak: the same rows always give the same value, not necessarily the same bytes on every version. */
function etagOf(acct: AccountCtx, mark: Mark): string {
  return `W/"edit-${REPLY_FORMAT}-${acct.accountId}-${mark.products}-${mark.version}"`;
}

/**
 * GET /user/edit (spec 1 section 7) with HTTP revalidation: the reply carries an ETag and
 * `Cache-Control: private, no-cache`, so a browser keeps its copy and asks again with
 * If-None-Match; when nothing changed the answer is 304 without a body, after one small query.
 * A full reply is built once per version and kept gzipped (EditReplyCache); a client that
 * accepts gzip (every browser) gets those bytes as they are.
 */
@Injectable()
export class EditListService {
  constructor(
    private readonly db: Db,
    private readonly cache: EditReplyCache,
  ) {}

  async reply(acct: AccountCtx, req: Request, res: Response): Promise<RawReply> {
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    const [mark] = await this.db.prepared<Mark>('editor-mark', MARK, [acct.accountId]);
    const etag = etagOf(acct, mark!);
    res.setHeader('ETag', etag);
    // Express's own test (If-None-Match against the ETag, a request's no-cache): when it holds,
    // res.send answers 304 and drops the body, whatever status Nest set
    if (req.fresh) return new RawReply('');
    const built = await this.cache.get(etag, () => this.build(acct));
    res.setHeader('ETag', built.etag);
    const gzipped = req.acceptsEncodings('gzip') === 'gzip';
    if (gzipped) res.setHeader('Content-Encoding', 'gzip');
    const body = gzipped ? built.gzipped : await gunzip(built.gzipped);
    // Nest would send a bare Buffer as JSON ({type: 'Buffer', data: [...]}): hand it over as a file
    return new RawReply(
      new StreamableFile(body, { type: 'application/json; charset=utf-8', length: body.length }),
    );
  }

  /** The reply's JSON text and the ETag of the rows it was read from (one snapshot). */
  private async build(acct: AccountCtx): Promise<{ etag: string; json: string }> {
    const [row] = await this.db.query<Mark & { data: string }>(LIST, [acct.accountId]);
    return { etag: etagOf(acct, row!), json: `{"status":${SUCCESS},"msg":"","data":${row!.data}}` };
  }
}
