import { Injectable } from '@nestjs/common';
import { Conflict, NotFound } from '@sweepline/domain';
import { isUniqueViolation } from '../common/refusals';
import { Db } from '../database/transaction';

export const TOKEN_NAME_TAKEN = 'An API token with this name already exists';

/** A token as the manager's list shows it. */
export interface TokenRow {
  id: number;
  name: string;
  role: number;
  created_at: Date;
  last_used_at: Date | null;
}

/** A working token, as the guard resolves it. */
export interface LiveTokenRow {
  id: number;
  account_id: number;
  role: number;
  name: string;
  created_by: number;
}

/**
 * How stale last_used_at may get. The list of tokens shows it to tell live tokens from forgotten
 * ones; writing it on every call made each runner upload rewrite (and commit) the token's row.
 */
const LAST_USED_RESOLUTION = '1 minute';

/**
 * The token's row, if it works; last_used_at is written only when it is older than
 * LAST_USED_RESOLUTION, so most calls only read.
 */
const RESOLVE = `
  WITH t AS (
    SELECT t.id, t.account_id, t.role, t.name, t.created_by, t.last_used_at
      FROM api_token t
     WHERE t.token_hash = $1 AND t.revoked_at IS NULL
       -- a token acts for its account: an account that is not active has no working tokens
       AND EXISTS (SELECT 1 FROM account a WHERE a.id = t.account_id AND a.is_active)
  ), touched AS (
    UPDATE api_token SET last_used_at = now() FROM t
     WHERE api_token.id = t.id
       AND (t.last_used_at IS NULL OR t.last_used_at < now() - interval '${LAST_USED_RESOLUTION}')
  )
  SELECT id, account_id, role, name, created_by FROM t`;

/** The `api_token` table, for the guard (resolve) and for the manager's Settings (the rest). */
@Injectable()
export class ApiTokensRepository {
  constructor(private readonly db: Db) {}

  /** The working token of a hash, marking it used. */
  async resolve(tokenHash: string): Promise<LiveTokenRow | undefined> {
    // on every call with a token: parsed and planned once per connection
    const [row] = await this.db.prepared<LiveTokenRow>('api-token-resolve', RESOLVE, [tokenHash]);
    return row;
  }

  /** A token's id and name, revoked or not (the caller's own, on GET /user/whoami). */
  async find(id: number): Promise<{ id: number; name: string } | undefined> {
    const [row] = await this.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM api_token WHERE id = $1',
      [id],
    );
    return row;
  }

  /** The account's live tokens, oldest first. */
  list(accountId: number): Promise<TokenRow[]> {
    return this.db.query<TokenRow>(
      `SELECT id, name, role, created_at, last_used_at FROM api_token
        WHERE account_id = $1 AND revoked_at IS NULL ORDER BY id`,
      [accountId],
    );
  }

  /** A new token's id; Conflict when a live token of the account has the name (any case). */
  async insert(
    accountId: number,
    name: string,
    role: number,
    tokenHash: string,
    createdBy: number,
  ): Promise<number> {
    const [taken] = await this.db.query(
      'SELECT 1 FROM api_token WHERE account_id = $1 AND lower(name) = lower($2) AND revoked_at IS NULL',
      [accountId, name],
    );
    if (taken) throw new Conflict(TOKEN_NAME_TAKEN);
    try {
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO api_token (account_id, name, role, token_hash, created_by)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [accountId, name, role, tokenHash, createdBy],
      );
      return row!.id;
    } catch (e) {
      if (isUniqueViolation(e)) throw new Conflict(TOKEN_NAME_TAKEN);
      throw e;
    }
  }

  /** Revoking is kept as a date, not a delete, so the token's history stays readable. */
  async revoke(accountId: number, id: number): Promise<void> {
    const [row] = await this.db.query(
      `UPDATE api_token SET revoked_at = now()
        WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL RETURNING id`,
      [id, accountId],
    );
    if (!row) throw new NotFound('API token');
  }
}
