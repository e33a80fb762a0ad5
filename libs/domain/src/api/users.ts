import type { Role } from '../entities/entities';

/** The wire shapes of the user calls (docs/api/accounts.md, docs/requirements/accounts-and-users.md#calls). */

/** PUT /user/{id}: the user dialog's fields; the e-mail is read-only when editing (docs/requirements/accounts-and-users.md). */
export interface UserFields {
  /** Trimmed; the shared name rule. */
  name: string;
  /** 1 Editor, 2 Operator. */
  role: Role;
}

/** POST /user: the user dialog's fields with the new user's e-mail. */
export interface AddUserBody extends UserFields {
  email: string;
}
