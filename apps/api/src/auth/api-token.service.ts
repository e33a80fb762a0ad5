import { Injectable } from '@nestjs/common';
import { Db } from '../database/transaction';
import { AuthContext } from './auth-context';
import { hashToken } from './tokens';

interface TokenRow {
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

/** API tokens for scripts and CI (DESIGN.md): they act with their own role in their account. */
@Injectable()
export class ApiTokenService {
  constructor(private readonly db: Db) {}

  async resolve(token: string): Promise<AuthContext | undefined> {
    // on every call with a token: parsed and planned once per connection
    const [row] = await this.db.prepared<TokenRow>('api-token-resolve', RESOLVE, [hashToken(token)]);
    if (!row) return undefined;
    return {
      apiTokenId: row.id,
      user: {
        id: row.created_by,
        email: '',
        name: `token ${row.name}`,
        role: row.role,
        accountId: row.account_id,
      },
    };
  }
}
