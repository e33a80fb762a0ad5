import { Injectable } from '@nestjs/common';
import { Conflict, NotFound, Role, type AccountUser } from '@sweepline/domain';
import { isUniqueViolation } from '../common/refusals';
import { Db } from '../database/transaction';

export const EMAIL_TAKEN = 'This e-mail address is already registered';

const USER_COLUMNS = 'id, name, email, role, is_active AS active';
/** Only editors and operators are users here: the manager's id answers 404 like another account's. */
const A_USER = `deleted_at IS NULL AND role IN (${Role.Editor}, ${Role.Operator})`;

/** The `app_user` rows of the Users section of Settings (spec 2 sections 2, 4 and 7). */
@Injectable()
export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Inactive and without a password until the user follows the e-mailed link. */
  async insert(accountId: number, name: string, email: string, role: Role): Promise<AccountUser> {
    const [taken] = await this.db.query(
      'SELECT 1 FROM app_user WHERE lower(email) = lower($1) AND deleted_at IS NULL',
      [email],
    );
    if (taken) throw new Conflict(EMAIL_TAKEN);
    try {
      const [user] = await this.db.query<AccountUser>(
        `INSERT INTO app_user (account_id, email, name, role, is_active)
         VALUES ($1, $2, $3, $4, false) RETURNING ${USER_COLUMNS}`,
        [accountId, email, name, role],
      );
      return user!;
    } catch (e) {
      if (isUniqueViolation(e)) throw new Conflict(EMAIL_TAKEN);
      throw e;
    }
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

  /** Soft delete. */
  async delete(accountId: number, id: number): Promise<void> {
    const [user] = await this.db.query(
      `UPDATE app_user SET deleted_at = now() WHERE id = $1 AND account_id = $2 AND ${A_USER} RETURNING id`,
      [id, accountId],
    );
    if (!user) throw new NotFound('User');
  }

  /** Any user of any account by id, deleted ones excepted (an export link's holder). */
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
}
