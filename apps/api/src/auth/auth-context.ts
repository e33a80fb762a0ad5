import type { Role } from '@sweepline/domain';

/** Who is calling, as the auth guard found out from x-auth-token. */
export interface AuthContext {
  /** The session's token hash; absent for API tokens and for callers without a session. */
  sessionId?: string;
  user?: {
    id: number;
    email: string;
    name: string;
    role: Role;
    accountId: number | null;
  };
  /** Set when the caller used an API token instead of a session. */
  apiTokenId?: number;
}

/** A signed-in member of a customer account: what every account-scoped service method takes. */
export interface AccountCtx {
  accountId: number;
  userId: number;
  userName: string;
  role: Role;
  /** Set when an API token acts (userName is then the token's): the audit trail records no user. */
  apiTokenId?: number;
}

export interface RequestWithAuth {
  auth: AuthContext;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}
