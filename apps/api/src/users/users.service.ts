import { Injectable } from '@nestjs/common';
import { emailError, MSG, ok, Role } from '@sweepline/domain';
import { requireAssignableRole, requireName } from '../accounts/account-rules';
import { isUniqueViolation } from '../common/refusals';
import { UserListItemDto } from '../accounts/dto/account.dto';
import { AccountCtx } from '../auth/auth-context';
import { SessionService } from '../auth/session.service';
import { badRequest, conflict, notFound } from '../common/api-error';
import { RawReply } from '../common/envelope';
import { Db } from '../database/transaction';
import { AddUserDto, EditUserDto } from './dto/user.dto';
import { SetPasswordMail } from './set-password-mail';

export const EMAIL_TAKEN = 'This e-mail address is already registered';
export const ALREADY_ACTIVE = 'The user is already active';

const USER_COLUMNS = 'id, name, email, role, is_active AS active';

/**
 * The Users section of Settings (spec 2 sections 2, 4 and 7). Only editors and operators are
 * users here: the manager is not in the list, so its id answers 404 like another account's.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly setPasswordMail: SetPasswordMail,
  ) {}

  async add(acct: AccountCtx, dto: AddUserDto): Promise<UserListItemDto> {
    const name = requireName(dto.name);
    const emailMessage = emailError(dto.email, MSG.inputEmail);
    if (emailMessage) throw badRequest(`email: ${emailMessage}`);
    const role = requireAssignableRole(dto.role);
    const [taken] = await this.db.query(
      'SELECT 1 FROM app_user WHERE lower(email) = lower($1) AND deleted_at IS NULL',
      [dto.email],
    );
    if (taken) throw conflict(EMAIL_TAKEN);
    const user = await this.insert(acct.accountId, name, dto.email, role);
    await this.setPasswordMail.send(acct.accountId, user);
    return user;
  }

  async edit(acct: AccountCtx, id: number, dto: EditUserDto): Promise<UserListItemDto> {
    const name = requireName(dto.name);
    const role = requireAssignableRole(dto.role);
    const [user] = await this.db.query<UserListItemDto>(
      `UPDATE app_user SET name = $3, role = $4
        WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL AND role IN (${Role.Editor}, ${Role.Operator})
        RETURNING ${USER_COLUMNS}`,
      [id, acct.accountId, name, role],
    );
    if (!user) throw notFound('User');
    return user;
  }

  /** Soft delete; the user's sessions end now. API tokens belong to the account and stay. */
  async remove(acct: AccountCtx, id: number): Promise<null> {
    const [user] = await this.db.query(
      `UPDATE app_user SET deleted_at = now()
        WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL AND role IN (${Role.Editor}, ${Role.Operator})
        RETURNING id`,
      [id, acct.accountId],
    );
    if (!user) throw notFound('User');
    await this.sessions.revokeAllOf(id);
    return null;
  }

  /** Spec 2 section 4: reactivating an active user changes nothing (and sends no mail). */
  async reactivate(acct: AccountCtx, id: number): Promise<UserListItemDto | RawReply> {
    const user = await this.find(acct, id);
    if (user.active) return new RawReply(ok(user, ALREADY_ACTIVE));
    await this.setPasswordMail.send(acct.accountId, user);
    return user;
  }

  private async find(acct: AccountCtx, id: number): Promise<UserListItemDto> {
    const [user] = await this.db.query<UserListItemDto>(
      `SELECT ${USER_COLUMNS} FROM app_user
        WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL AND role IN (${Role.Editor}, ${Role.Operator})
        FOR UPDATE`,
      [id, acct.accountId],
    );
    if (!user) throw notFound('User');
    return user;
  }

  /** Inactive and without a password until the user follows the e-mailed link. */
  private async insert(accountId: number, name: string, email: string, role: Role): Promise<UserListItemDto> {
    try {
      const [user] = await this.db.query<UserListItemDto>(
        `INSERT INTO app_user (account_id, email, name, role, is_active)
         VALUES ($1, $2, $3, $4, false) RETURNING ${USER_COLUMNS}`,
        [accountId, email, name, role],
      );
      return user!;
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(EMAIL_TAKEN);
      throw e;
    }
  }
}
