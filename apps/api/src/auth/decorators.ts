import type { ExecutionContext } from '@nestjs/common';
import { createParamDecorator, SetMetadata } from '@nestjs/common';
import type { Role } from '@sweepline/domain';
import { Forbidden } from '@sweepline/domain';
import { unauthorized } from '../common/api-error';
import type { AccountCtx, AuthContext, RequestWithAuth } from './auth-context';

export const PUBLIC_KEY = 'sweepline:public';
export const ROLE_KEY = 'sweepline:role';

/** Open to callers without a session (log-in, sign-up, health...). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/**
 * The least-privileged account role that may call (docs/requirements/roles.md nest: a manager may do what
 * an editor may, an editor what an operator may). Role.Admin marks the provider's back office.
 */
export const Roles = (role: Role) => SetMetadata(ROLE_KEY, role);

export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  return context.switchToHttp().getRequest<RequestWithAuth>().auth;
});

/** The caller as a member of a customer account; refuses callers without one. */
export function accountOf(auth: AuthContext): AccountCtx {
  const user = auth.user;
  if (!user) throw unauthorized();
  if (user.accountId === null) throw new Forbidden('This call needs a customer account');
  const acct: AccountCtx = {
    accountId: user.accountId,
    userId: user.id,
    userName: user.name,
    role: user.role,
  };
  if (auth.apiTokenId !== undefined) acct.apiTokenId = auth.apiTokenId;
  return acct;
}

export const Account = createParamDecorator((_data: unknown, context: ExecutionContext): AccountCtx => {
  return accountOf(context.switchToHttp().getRequest<RequestWithAuth>().auth);
});
