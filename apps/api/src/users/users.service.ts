import { Inject, Injectable } from '@nestjs/common';
import { auditChanges, emailError, MSG, ok, Refused } from '@sweepline/domain';
import { requireAssignableRole, requireName } from '../accounts/account-rules';
import { UserListItemDto } from '../accounts/dto/account.dto';
import { AuditTrail } from '../audit/audit-trail';
import { AccountCtx } from '../auth/auth-context';
import { limitKey } from '../auth/identity-checks';
import { SessionService } from '../auth/session.service';
import { RawReply } from '../common/envelope';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { AddUserDto, EditUserDto } from './dto/user.dto';
import { SetPasswordMail } from './set-password-mail';
import { UsersRepository } from './users.repository';

export const ALREADY_ACTIVE = 'The user is already active';

/**
 * The Users section of Settings (docs/requirements/accounts-and-users.md, docs/requirements/accounts-and-users.md#user-actions, docs/requirements/accounts-and-users.md#calls). Only editors and operators are
 * users here: the manager is not in the list, so its id answers 404 like another account's.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionService,
    private readonly setPasswordMail: SetPasswordMail,
    private readonly rateLimit: RateLimitService,
    private readonly audit: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Adds a user and mails them a set-password link. An address that is a user of another account
   * (or the administrator) answers exactly as a new one, in about the same time, and its owner is
   * mailed instead (issue 42, docs/api/accounts.md): the call tells no one who has an account.
   * Only this account's own users are a 409. Counted per account before anything is looked up.
   */
  async add(acct: AccountCtx, dto: AddUserDto): Promise<UserListItemDto> {
    const name = requireName(dto.name);
    const emailMessage = emailError(dto.email, MSG.inputEmail);
    if (emailMessage) throw new Refused(`email: ${emailMessage}`);
    const role = requireAssignableRole(dto.role);
    await this.rateLimit.hit(limitKey.userAdds(acct.accountId), this.config.perAccount.userAdds);
    const added = await this.users.insert(acct.accountId, name, dto.email, role);
    let user: UserListItemDto;
    if ('user' in added) {
      await this.setPasswordMail.send(added.user);
      user = added.user;
    } else {
      await this.setPasswordMail.sendTaken(dto.email, role, { id: acct.userId, name: acct.userName });
      user = { id: await this.users.unusedId(), name, email: dto.email, role, active: false };
    }
    // the trail says what the manager did and was answered, whoever owns the address: it must not
    // tell them what the reply does not (issue 42)
    await this.audit.record(acct, {
      thing: 'user',
      thingId: user.id,
      action: 'create',
      changes: auditChanges({}, { name, email: dto.email, role }),
    });
    return user;
  }

  async edit(acct: AccountCtx, id: number, dto: EditUserDto): Promise<UserListItemDto> {
    const name = requireName(dto.name);
    const role = requireAssignableRole(dto.role);
    const before = await this.users.lock(acct.accountId, id);
    const user = await this.users.update(acct.accountId, id, name, role);
    const changes = auditChanges(before, user, ['name', 'role']);
    if (changes.length > 0)
      await this.audit.record(acct, { thing: 'user', thingId: id, action: 'update', changes });
    return user;
  }

  /** Soft delete; the user's sessions end now. API tokens belong to the account and stay. */
  async remove(acct: AccountCtx, id: number): Promise<null> {
    const name = await this.users.delete(acct.accountId, id);
    await this.sessions.revokeAllOf(id);
    const changes = auditChanges({ name }, {});
    await this.audit.record(acct, { thing: 'user', thingId: id, action: 'delete', changes });
    return null;
  }

  /** docs/requirements/accounts-and-users.md#user-actions: reactivating an active user changes nothing (and sends no mail). */
  async reactivate(acct: AccountCtx, id: number): Promise<UserListItemDto | RawReply> {
    const user = await this.users.lock(acct.accountId, id);
    if (user.active) return new RawReply(ok(user, ALREADY_ACTIVE));
    await this.setPasswordMail.send(user);
    await this.audit.record(acct, { thing: 'user', thingId: id, action: 'reactivate', changes: [] });
    return user;
  }
}
