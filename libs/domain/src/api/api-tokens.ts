import type { Role } from '../entities/entities';

/** The wire shapes of the API-token calls (docs/api/accounts.md, docs/requirements/identity.md#api-tokens). */

/** POST /user/api_tokens. */
export interface CreateApiTokenBody {
  /** Trimmed; the shared name rule; unique among the live tokens of the account. */
  name: string;
  /** 1 Editor, 2 Operator. */
  role: Role;
}

/** A token as listed: never its secret, which only its hash is kept of. */
export interface ApiToken {
  id: number;
  name: string;
  role: Role;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; null when never used. */
  lastUsedAt: string | null;
}

/** The answer of POST /user/api_tokens: the only time the secret is shown. */
export interface CreatedApiToken {
  id: number;
  name: string;
  role: Role;
  /** The secret ('swl_...'): sent in x-auth-token or as a Bearer token. */
  token: string;
}
