import { Injectable } from '@nestjs/common';
import { requireAssignableRole, requireName } from '../accounts/account-rules';
import { isUniqueViolation } from '../common/refusals';
import { AccountCtx } from '../auth/auth-context';
import { API_TOKEN_PREFIX, hashToken, newToken } from '../auth/tokens';
import { conflict, notFound } from '../common/api-error';
import { Db } from '../database/transaction';
import { ApiTokenDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto';

export const TOKEN_NAME_TAKEN = 'An API token with this name already exists';

interface TokenRow {
  id: number;
  name: string;
  role: number;
  created_at: Date;
  last_used_at: Date | null;
}

/**
 * Named tokens for scripts and CI (DESIGN.md): made and revoked by the manager in Settings, each
 * acting with its own role (Editor or Operator, never Manager) in its account. AuthGuard resolves
 * them through ApiTokenService.
 */
@Injectable()
export class ApiTokensService {
  constructor(private readonly db: Db) {}

  async list(acct: AccountCtx): Promise<ApiTokenDto[]> {
    const rows = await this.db.query<TokenRow>(
      `SELECT id, name, role, created_at, last_used_at FROM api_token
        WHERE account_id = $1 AND revoked_at IS NULL ORDER BY id`,
      [acct.accountId],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      role: r.role,
      createdAt: new Date(r.created_at).toISOString(),
      lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
    }));
  }

  async create(acct: AccountCtx, dto: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    const name = requireName(dto.name);
    const role = requireAssignableRole(dto.role);
    const [taken] = await this.db.query(
      'SELECT 1 FROM api_token WHERE account_id = $1 AND lower(name) = lower($2) AND revoked_at IS NULL',
      [acct.accountId, name],
    );
    if (taken) throw conflict(TOKEN_NAME_TAKEN);
    const token = newToken(API_TOKEN_PREFIX);
    try {
      const [row] = await this.db.query<{ id: number }>(
        `INSERT INTO api_token (account_id, name, role, token_hash, created_by)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [acct.accountId, name, role, hashToken(token), acct.userId],
      );
      return { id: row!.id, name, role, token };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(TOKEN_NAME_TAKEN);
      throw e;
    }
  }

  /** Revoking is kept as a date, not a delete, so the token's history stays readable. */
  async revoke(acct: AccountCtx, id: number): Promise<null> {
    const [row] = await this.db.query(
      `UPDATE api_token SET revoked_at = now()
        WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL RETURNING id`,
      [id, acct.accountId],
    );
    if (!row) throw notFound('API token');
    return null;
  }
}
