import { Injectable } from '@nestjs/common';
import { Role } from '@sweepline/domain';
import { AccountCtx, AuthContext } from '../auth/auth-context';
import { Db } from '../database/transaction';
import { requireName } from './account-rules';
import { AccountDto, AccountNameDto, ManagerNameDto, UserListItemDto, WhoAmIDto } from './dto/account.dto';

/** The Account section of Settings (spec 2 sections 2 and 7) and the caller's own identity. */
@Injectable()
export class AccountsService {
  constructor(private readonly db: Db) {}

  async account(acct: AccountCtx): Promise<AccountDto> {
    const [head] = await this.db.query<Omit<AccountDto, 'user_list'>>(
      `SELECT a.name AS account_name, coalesce(m.name, '') AS manager_name,
              coalesce(m.email, '') AS manager_email
         FROM account a
         LEFT JOIN app_user m ON m.account_id = a.id AND m.role = $2 AND m.deleted_at IS NULL
        WHERE a.id = $1
        ORDER BY m.id
        LIMIT 1`,
      [acct.accountId, Role.Manager],
    );
    // spec 2 section 4: case-insensitive name order; COLLATE "C" gives the same order on every server
    const users = await this.db.query<UserListItemDto>(
      `SELECT id, name, email, role, is_active AS active
         FROM app_user
        WHERE account_id = $1 AND deleted_at IS NULL AND role IN ($2, $3)
        ORDER BY lower(name) COLLATE "C", id`,
      [acct.accountId, Role.Editor, Role.Operator],
    );
    return { ...head!, user_list: users };
  }

  async renameAccount(acct: AccountCtx, value: string): Promise<AccountNameDto> {
    const name = requireName(value);
    await this.db.query('UPDATE account SET name = $2 WHERE id = $1', [acct.accountId, name]);
    return { account_name: name };
  }

  /** Only managers reach this (the route's role), so the caller is the manager being renamed. */
  async renameManager(acct: AccountCtx, value: string): Promise<ManagerNameDto> {
    const name = requireName(value);
    await this.db.query('UPDATE app_user SET name = $3 WHERE id = $1 AND account_id = $2', [
      acct.userId,
      acct.accountId,
      name,
    ]);
    return { manager_name: name };
  }

  async whoAmI(acct: AccountCtx, auth: AuthContext): Promise<WhoAmIDto> {
    const [account] = await this.db.query<{ name: string }>('SELECT name FROM account WHERE id = $1', [
      acct.accountId,
    ]);
    const [token] =
      auth.apiTokenId === undefined
        ? []
        : await this.db.query<{ id: number; name: string }>('SELECT id, name FROM api_token WHERE id = $1', [
            auth.apiTokenId,
          ]);
    return {
      account_name: account!.name,
      name: acct.userName,
      email: auth.user?.email ?? '',
      role: acct.role,
      api_token: token ?? null,
    };
  }
}
