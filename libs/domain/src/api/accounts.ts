import type { Role } from '../entities/entities';

/** The wire shapes of the account calls (docs/api/accounts.md, docs/requirements/accounts-and-users.md#entities, docs/requirements/accounts-and-users.md#calls). */

/** One user of the Settings table (docs/requirements/accounts-and-users.md#entities); the manager is not in the list. */
export interface AccountUser {
  id: number;
  name: string;
  email: string;
  /** 1 Editor, 2 Operator. */
  role: Role;
  /** false until the user has chosen a password from the e-mailed link. */
  active: boolean;
}

/** GET /user/account. */
export interface Account {
  account_name: string;
  manager_name: string;
  manager_email: string;
  /** Sorted by name, case-insensitively. */
  user_list: AccountUser[];
}

/** PUT /user/account_name and PUT /user/manager_name: the new name (trimmed, the name rule). */
export interface NameBody {
  name: string;
}

/** The answer of PUT /user/account_name. */
export interface AccountName {
  account_name: string;
}

/** The answer of PUT /user/manager_name. */
export interface ManagerName {
  manager_name: string;
}

/** The API token a call was made with. */
export interface WhoAmIToken {
  id: number;
  name: string;
}

/** GET /user/whoami: who the caller is, for the command-line program's token check. */
export interface WhoAmI {
  account_name: string;
  /** The user's name; for an API token `token <name>`. */
  name: string;
  /** The user's e-mail; empty for an API token. */
  email: string;
  role: Role;
  /** The API token used, if any. */
  api_token: WhoAmIToken | null;
}
