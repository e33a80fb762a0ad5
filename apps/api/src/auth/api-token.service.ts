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

/** API tokens for scripts and CI (DESIGN.md): they act with their own role in their account. */
@Injectable()
export class ApiTokenService {
  constructor(private readonly db: Db) {}

  async resolve(token: string): Promise<AuthContext | undefined> {
    const [row] = await this.db.query<TokenRow>(
      `UPDATE api_token SET last_used_at = now()
        WHERE token_hash = $1 AND revoked_at IS NULL
          -- a token acts for its account: an account that is not active has no working tokens
          AND EXISTS (SELECT 1 FROM account a WHERE a.id = api_token.account_id AND a.is_active)
        RETURNING id, account_id, role, name, created_by`,
      [hashToken(token)],
    );
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
