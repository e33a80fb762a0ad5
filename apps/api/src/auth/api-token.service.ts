import { Injectable } from '@nestjs/common';
import { ApiTokensRepository } from '../api-tokens/api-tokens.repository';
import { AuthContext } from './auth-context';
import { hashToken } from './tokens';

/** API tokens for scripts and CI (docs/requirements/identity.md#api-tokens): they act with their own role in their account. */
@Injectable()
export class ApiTokenService {
  constructor(private readonly tokens: ApiTokensRepository) {}

  async resolve(token: string): Promise<AuthContext | undefined> {
    const row = await this.tokens.resolve(hashToken(token));
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

  /** The token's id and name (who-am-i of a call made with it). */
  find(apiTokenId: number): Promise<{ id: number; name: string } | undefined> {
    return this.tokens.find(apiTokenId);
  }
}
