import { Injectable } from '@nestjs/common';
import { emailError, MSG, ok, Refused } from '@sweepline/domain';
import { requireAssignableRole, requireName } from '../accounts/account-rules';
import { UserListItemDto } from '../accounts/dto/account.dto';
import { AccountCtx } from '../auth/auth-context';
import { SessionService } from '../auth/session.service';
import { RawReply } from '../common/envelope';
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
  ) {}

  async add(acct: AccountCtx, dto: AddUserDto): Promise<UserListItemDto> {
    const name = requireName(dto.name);
    const emailMessage = emailError(dto.email, MSG.inputEmail);
    if (emailMessage) throw new Refused(`email: ${emailMessage}`);
    const role = requireAssignableRole(dto.role);
    const user = await this.users.insert(acct.accountId, name, dto.email, role);
    await this.setPasswordMail.send(user);
    return user;
  }

  async edit(acct: AccountCtx, id: number, dto: EditUserDto): Promise<UserListItemDto> {
    const name = requireName(dto.name);
    const role = requireAssignableRole(dto.role);
    return this.users.update(acct.accountId, id, name, role);
  }

  /** Soft delete; the user's sessions end now. API tokens belong to the account and stay. */
  async remove(acct: AccountCtx, id: number): Promise<null> {
    await this.users.delete(acct.accountId, id);
    await this.sessions.revokeAllOf(id);
    return null;
  }

  /** docs/requirements/accounts-and-users.md#user-actions: reactivating an active user changes nothing (and sends no mail). */
  async reactivate(acct: AccountCtx, id: number): Promise<UserListItemDto | RawReply> {
    const user = await this.users.lock(acct.accountId, id);
    if (user.active) return new RawReply(ok(user, ALREADY_ACTIVE));
    await this.setPasswordMail.send(user);
    return user;
  }
}
