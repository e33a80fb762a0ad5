import { Injectable } from '@nestjs/common';
import { Role, type AccountUser } from '@sweepline/domain';
import { Db } from '../database/transaction';

/** The head of the Account section: the account's name and its manager's. */
export interface AccountHead {
  account_name: string;
  manager_name: string;
  manager_email: string;
}

/** The `account` table, its only writer, and the account's view of its users (docs/requirements/accounts-and-users.md, docs/requirements/accounts-and-users.md#entities). */
@Injectable()
export class AccountsRepository {
  constructor(private readonly db: Db) {}

  async head(accountId: number): Promise<AccountHead> {
    const [head] = await this.db.query<AccountHead>(
      `SELECT a.name AS account_name, coalesce(m.name, '') AS manager_name,
              coalesce(m.email, '') AS manager_email
         FROM account a
         LEFT JOIN app_user m ON m.account_id = a.id AND m.role = $2 AND m.deleted_at IS NULL
        WHERE a.id = $1
        ORDER BY m.id
        LIMIT 1`,
      [accountId, Role.Manager],
    );
    return head!;
  }

  /** The editors and operators, in the spec's case-insensitive name order (docs/requirements/accounts-and-users.md#user-actions). */
  users(accountId: number): Promise<AccountUser[]> {
    // COLLATE "C" gives the same order on every server
    return this.db.query<AccountUser>(
      `SELECT id, name, email, role, is_active AS active
         FROM app_user
        WHERE account_id = $1 AND deleted_at IS NULL AND role IN ($2, $3)
        ORDER BY lower(name) COLLATE "C", id`,
      [accountId, Role.Editor, Role.Operator],
    );
  }

  async nameOf(accountId: number): Promise<string> {
    const [account] = await this.db.query<{ name: string }>('SELECT name FROM account WHERE id = $1', [
      accountId,
    ]);
    return account!.name;
  }

  async rename(accountId: number, name: string): Promise<void> {
    await this.db.query('UPDATE account SET name = $2 WHERE id = $1', [accountId, name]);
  }

  /** A signed-up account, inactive until its manager follows the activation link. */
  async insert(name: string): Promise<number> {
    const [account] = await this.db.query<{ id: number }>(
      `INSERT INTO account (name, is_active) VALUES ($1, false) RETURNING id`,
      [name],
    );
    return account!.id;
  }

  /** Whether no account exists yet (a fresh install). */
  async noneYet(): Promise<boolean> {
    const [row] = await this.db.query<{ empty: boolean }>(
      'SELECT NOT EXISTS (SELECT 1 FROM account) AS empty',
    );
    return row!.empty;
  }

  async activate(accountId: number): Promise<void> {
    await this.db.query('UPDATE account SET is_active = true WHERE id = $1', [accountId]);
  }
}
