import { Injectable } from '@nestjs/common';
import { auditChanges } from '@sweepline/domain';
import { AuditTrail } from '../audit/audit-trail';
import { requireAssignableRole, requireName } from '../accounts/account-rules';
import { AccountCtx } from '../auth/auth-context';
import { API_TOKEN_PREFIX, hashToken, newToken } from '../auth/tokens';
import { ApiTokenDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto';
import { ApiTokensRepository } from './api-tokens.repository';

/**
 * Named tokens for scripts and CI (docs/requirements/identity.md#api-tokens): made and revoked by the manager in Settings, each
 * acting with its own role (Editor or Operator, never Manager) in its account. AuthGuard resolves
 * them through ApiTokenService.
 */
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly audit: AuditTrail,
  ) {}

  async list(acct: AccountCtx): Promise<ApiTokenDto[]> {
    const rows = await this.tokens.list(acct.accountId);
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
    const token = newToken(API_TOKEN_PREFIX);
    const id = await this.tokens.insert(acct.accountId, name, role, hashToken(token), acct.userId);
    // never the secret: only its name and role
    const changes = auditChanges({}, { name, role });
    await this.audit.record(acct, { thing: 'api_token', thingId: id, action: 'create', changes });
    return { id, name, role, token };
  }

  async revoke(acct: AccountCtx, id: number): Promise<null> {
    await this.tokens.revoke(acct.accountId, id);
    await this.audit.record(acct, { thing: 'api_token', thingId: id, action: 'revoke', changes: [] });
    return null;
  }
}
