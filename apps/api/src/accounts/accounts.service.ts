import { Injectable } from '@nestjs/common';
import { auditChanges, Role } from '@sweepline/domain';
import { AuditTrail } from '../audit/audit-trail';
import { ApiTokenService } from '../auth/api-token.service';
import { AccountCtx, AuthContext } from '../auth/auth-context';
import { UserRecords } from '../users/user-records.service';
import { requireName } from './account-rules';
import { AccountsRepository } from './accounts.repository';
import { AccountDto, AccountNameDto, ManagerNameDto, WhoAmIDto } from './dto/account.dto';

/** The Account section of Settings (docs/requirements/accounts-and-users.md, docs/requirements/accounts-and-users.md#calls) and the caller's own identity. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly tokens: ApiTokenService,
    private readonly users: UserRecords,
    private readonly audit: AuditTrail,
  ) {}

  async account(acct: AccountCtx): Promise<AccountDto> {
    const head = await this.accounts.head(acct.accountId);
    return { ...head, user_list: await this.accounts.users(acct.accountId) };
  }

  async renameAccount(acct: AccountCtx, value: string): Promise<AccountNameDto> {
    const name = requireName(value);
    const before = await this.accounts.nameOf(acct.accountId);
    await this.accounts.rename(acct.accountId, name);
    await this.recordChanges(acct, 'account', acct.accountId, auditChanges({ name: before }, { name }));
    return { account_name: name };
  }

  /** Only managers reach this (the route's role), so the caller is the manager being renamed. */
  async renameManager(acct: AccountCtx, value: string): Promise<ManagerNameDto> {
    const name = requireName(value);
    await this.users.rename(acct.accountId, acct.userId, name);
    await this.recordChanges(acct, 'user', acct.userId, auditChanges({ name: acct.userName }, { name }));
    return { manager_name: name };
  }

  /** A rename in the trail; renaming to the same name changes nothing and records nothing. */
  private async recordChanges(
    acct: AccountCtx,
    thing: 'account' | 'user',
    thingId: number,
    changes: ReturnType<typeof auditChanges>,
  ): Promise<void> {
    if (changes.length > 0) await this.audit.record(acct, { thing, thingId, action: 'rename', changes });
  }

  async whoAmI(acct: AccountCtx, auth: AuthContext): Promise<WhoAmIDto> {
    const token = auth.apiTokenId === undefined ? undefined : await this.tokens.find(auth.apiTokenId);
    return {
      account_name: await this.accounts.nameOf(acct.accountId),
      name: acct.userName,
      email: auth.user?.email ?? '',
      role: acct.role,
      api_token: token ?? null,
    };
  }

  /** Whether the database has no customer account yet (the start-up's hint, main.ts). */
  noneYet(): Promise<boolean> {
    return this.accounts.noneYet();
  }

  /** A signed-up account, inactive until its manager is (activateMember). */
  create(name: string): Promise<number> {
    return this.accounts.insert(name);
  }

  /** Activates the user, and their account when they are its manager (the one who signed up). */
  async activateMember(userId: number): Promise<void> {
    const user = await this.users.activate(userId);
    if (user?.role === Role.Manager && user.accountId !== null) await this.accounts.activate(user.accountId);
  }
}
