import { Injectable } from '@nestjs/common';
import { Conflict, NotFound, Role, type AccountUser } from '@sweepline/domain';
import { Db } from '../database/transaction';

export const EMAIL_TAKEN = 'This e-mail address is already registered';

const USER_COLUMNS = 'id, name, email, role, is_active AS active';
/** Only editors and operators are users here: the manager's id answers 404 like another account's. */
const A_USER = `deleted_at IS NULL AND role IN (${Role.Editor}, ${Role.Operator})`;

/** A user with a password of their own: a signed-up manager, or the provider administrator. */
export interface NewUserWithPassword {
  accountId: number | null;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  isActive: boolean;
}

/**
 * The `app_user` table, its only writer: the Users section of Settings (docs/requirements/accounts-and-users.md, docs/requirements/accounts-and-users.md#user-actions, docs/requirements/accounts-and-users.md#calls), and through UserRecords the sign-up, passwords, the Account section and the
 * administrator made on start.
 */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inactive and without a password until the user follows the e-mailed link. A live user of this
   * account with the e-mail is a 409 (the manager sees them in the list anyway); one elsewhere
   * (another account, the administrator) answers `elsewhere` and nothing is written.
   */
  async insert(
    accountId: number,
    name: string,
    email: string,
    role: Role,
  ): Promise<{ user: AccountUser } | { elsewhere: true }> {
    const [taken] = await this.db.query<{ account_id: number | null }>(
      'SELECT account_id FROM app_user WHERE lower(email) = lower($1) AND deleted_at IS NULL',
      [email],
    );
    if (taken?.account_id === accountId) throw new Conflict(EMAIL_TAKEN);
    if (taken) return { elsewhere: true };
    const [user] = await this.db.query<AccountUser>(
      `INSERT INTO app_user (account_id, email, name, role, is_active)
       VALUES ($1, $2, $3, $4, false)
       ON CONFLICT (lower(email)) WHERE deleted_at IS NULL DO NOTHING
       RETURNING ${USER_COLUMNS}`,
      [accountId, email, name, role],
    );
    // another request took the e-mail meanwhile: as above, but its account is not known here
    return user ? { user } : { elsewhere: true };
  }

  /** An id as a new user would get one, drawn from the same sequence: it is never any user's. */
  async unusedId(): Promise<number> {
    const [row] = await this.db.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('app_user', 'id'))::int AS id`,
    );
    return row!.id;
  }

  async update(accountId: number, id: number, name: string, role: Role): Promise<AccountUser> {
    const [user] = await this.db.query<AccountUser>(
      `UPDATE app_user SET name = $3, role = $4
        WHERE id = $1 AND account_id = $2 AND ${A_USER}
        RETURNING ${USER_COLUMNS}`,
      [id, accountId, name, role],
    );
    if (!user) throw new NotFound('User');
    return user;
  }

  /** Soft delete; answers the user's name. */
  async delete(accountId: number, id: number): Promise<string> {
    const [user] = await this.db.query<{ name: string }>(
      `UPDATE app_user SET deleted_at = now() WHERE id = $1 AND account_id = $2 AND ${A_USER} RETURNING name`,
      [id, accountId],
    );
    if (!user) throw new NotFound('User');
    return user.name;
  }

  /** Any user by id, whatever its account or state (an export link's holder). */
  async byId(
    id: number,
  ): Promise<{ account_id: number | null; name: string; role: Role; is_active: boolean } | undefined> {
    const [user] = await this.db.query<{
      account_id: number | null;
      name: string;
      role: Role;
      is_active: boolean;
    }>('SELECT account_id, name, role, is_active FROM app_user WHERE id = $1', [id]);
    return user;
  }

  /** The user, locked for the rest of the request. */
  async lock(accountId: number, id: number): Promise<AccountUser> {
    const [user] = await this.db.query<AccountUser>(
      `SELECT ${USER_COLUMNS} FROM app_user WHERE id = $1 AND account_id = $2 AND ${A_USER} FOR UPDATE`,
      [id, accountId],
    );
    if (!user) throw new NotFound('User');
    return user;
  }

  /** Undefined when a live user has the e-mail (compared without case) already. */
  async insertWithPassword(user: NewUserWithPassword): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: number }>(
      `INSERT INTO app_user (account_id, email, name, role, password_hash, is_active)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (lower(email)) WHERE deleted_at IS NULL DO NOTHING
       RETURNING id`,
      [user.accountId, user.email, user.name, user.role, user.passwordHash, user.isActive],
    );
    return row?.id;
  }

  /** The role of the live user with this e-mail (compared without case), if there is one. */
  async liveRole(email: string): Promise<Role | undefined> {
    const [live] = await this.db.query<{ role: Role }>(
      `SELECT role FROM app_user WHERE lower(email) = lower($1) AND deleted_at IS NULL`,
      [email],
    );
    return live?.role;
  }

  /** Activates the user; answers their account and role (undefined: no such user). */
  async activate(userId: number): Promise<{ accountId: number | null; role: Role } | undefined> {
    const [user] = await this.db.query<{ accountId: number | null; role: Role }>(
      `UPDATE app_user SET is_active = true WHERE id = $1 RETURNING account_id AS "accountId", role`,
      [userId],
    );
    return user;
  }

  async setPassword(userId: number, passwordHash: string): Promise<void> {
    await this.db.query(`UPDATE app_user SET password_hash = $2 WHERE id = $1`, [userId, passwordHash]);
  }

  /** Renames any user of the account (the manager too, unlike update). */
  async rename(accountId: number, userId: number, name: string): Promise<void> {
    await this.db.query('UPDATE app_user SET name = $3 WHERE id = $1 AND account_id = $2', [
      userId,
      accountId,
      name,
    ]);
  }

  /** The name of the user's account, for the mails that name it. */
  async accountNameOf(userId: number): Promise<string> {
    const [account] = await this.db.query<{ name: string }>(
      'SELECT a.name FROM app_user u JOIN account a ON a.id = u.account_id WHERE u.id = $1',
      [userId],
    );
    return account!.name;
  }
}
