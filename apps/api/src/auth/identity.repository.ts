import { Injectable } from '@nestjs/common';
import { Role } from '@sweepline/domain';
import { Db } from '../database/transaction';

export interface IdentityUser {
  id: number;
  accountId: number | null;
  email: string;
  name: string;
  role: Role;
  passwordHash: string | null;
  isActive: boolean;
}

interface UserRow {
  id: number;
  account_id: number | null;
  email: string;
  name: string;
  role: number;
  password_hash: string | null;
  is_active: boolean;
}

const USER_COLUMNS = 'id, account_id, email, name, role, password_hash, is_active';

function toUser(row: UserRow | undefined): IdentityUser | undefined {
  if (!row) return undefined;
  return {
    id: row.id,
    accountId: row.account_id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    passwordHash: row.password_hash,
    isActive: row.is_active,
  };
}

/** The SQL of sign-up, log-in and passwords. Users are live until deleted (deleted_at). */
@Injectable()
export class IdentityRepository {
  constructor(private readonly db: Db) {}

  /** E-mail addresses are compared without case (the unique index is on lower(email)). */
  async findLiveByEmail(email: string): Promise<IdentityUser | undefined> {
    const [row] = await this.db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM app_user WHERE lower(email) = lower($1) AND deleted_at IS NULL`,
      [email],
    );
    return toUser(row);
  }

  async findLiveById(id: number): Promise<IdentityUser | undefined> {
    const [row] = await this.db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM app_user WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return toUser(row);
  }

  /**
   * A new account and its manager, both waiting for activation. Undefined when a live user took
   * the e-mail meanwhile (the caller refuses, and the request's rollback drops the account).
   */
  async createAccountWithManager(
    accountName: string,
    email: string,
    managerName: string,
    passwordHash: string,
  ): Promise<number | undefined> {
    const [account] = await this.db.query<{ id: number }>(
      `INSERT INTO account (name, is_active) VALUES ($1, false) RETURNING id`,
      [accountName],
    );
    const [user] = await this.db.query<{ id: number }>(
      `INSERT INTO app_user (account_id, email, name, role, password_hash, is_active)
       VALUES ($1, $2, $3, $4, $5, false)
       ON CONFLICT (lower(email)) WHERE deleted_at IS NULL DO NOTHING
       RETURNING id`,
      [account!.id, email, managerName, Role.Manager, passwordHash],
    );
    return user?.id;
  }

  /** Activates the user, and their account when they are its manager (the one who signed up). */
  async activate(userId: number): Promise<void> {
    await this.db.query(
      `WITH u AS (UPDATE app_user SET is_active = true WHERE id = $1 RETURNING account_id, role)
       UPDATE account SET is_active = true FROM u WHERE account.id = u.account_id AND u.role = $2`,
      [userId, Role.Manager],
    );
  }

  async setPassword(userId: number, passwordHash: string): Promise<void> {
    await this.db.query(`UPDATE app_user SET password_hash = $2 WHERE id = $1`, [userId, passwordHash]);
  }

  /** Every session of the user but the one in use (a password change keeps the caller signed in). */
  async revokeOtherSessions(userId: number, keepSessionId: string): Promise<void> {
    await this.db.query(`DELETE FROM session WHERE user_id = $1 AND id <> $2`, [userId, keepSessionId]);
  }
}
