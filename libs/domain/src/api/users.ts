import type { Role } from '../entities/entities';

/** The wire shapes of the user calls (docs/api/accounts.md, spec 2 section 7). */

/** PUT /user/{id}: the user dialog's fields; the e-mail is read-only when editing (spec 2 section 2). */
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
