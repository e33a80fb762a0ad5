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

/**
 * The users as sign-up, log-in and passwords read them. Users are live until deleted (deleted_at);
 * their rows are written by UsersRepository (through UserRecords).
 */
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
}
