/** The request shapes of signing up, in and out, and of passwords (docs/api/identity.md, docs/requirements/test-editor.md#calls). */
import type { Role } from '../entities/entities';

export interface LoginBody {
  email: string;
  password: string;
}

export interface SignupBody {
  account_name: string;
  /** The manager's e-mail. */
  email: string;
  password: string;
  manager_name: string;
}

/** The query of the e-mailed link /activate?email=&code=. */
export interface ActivateQuery {
  email: string;
  code: string;
}

export interface ForgetPassBody {
  email: string;
}

/** The query of the e-mailed link /ResetPass?email=&code=, and the new password. */
export interface ResetPassBody {
  email: string;
  password: string;
  code: string;
}

export interface ChangePassBody {
  current_pass: string;
  new_pass: string;
}

export interface SessionUser {
  email: string;
  name: string;
  role: Role;
}
