import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Response } from 'express';
import { Role } from '@sweepline/domain';
import { forbidden, unauthorized } from '../common/api-error';
import { ApiTokenService } from './api-token.service';
import { AuthContext, RequestWithAuth } from './auth-context';
import { PUBLIC_KEY, ROLE_KEY } from './decorators';
import { SessionService } from './session.service';
import { API_TOKEN_PREFIX } from './tokens';

export const TOKEN_HEADER = 'x-auth-token';

/** An API token may also come as "Authorization: Bearer swl_...", the way CI tools send secrets. */
function tokenOf(req: RequestWithAuth): string | undefined {
  const header = req.headers[TOKEN_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token.trim();
  const authorization = req.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return bearer?.[1];
}

/**
 * Runs before every call: finds the caller from x-auth-token, renews the session and echoes the
 * token back (spec 1 section 7), then applies the route's rule: @Public, @Roles, or signed in.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly apiTokens: ApiTokenService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<RequestWithAuth>();
    const token = tokenOf(req);
    req.auth = token ? await this.identify(token, http.getResponse<Response>()) : {};

    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const user = req.auth.user;
    if (!user) throw unauthorized();
    const needed = this.reflector.getAllAndOverride<Role | undefined>(ROLE_KEY, targets);
    if (needed === Role.Admin) {
      if (user.role !== Role.Admin) throw forbidden('Only the provider administrator may do this');
    } else if (needed !== undefined && (user.role < Role.Manager || user.role > needed)) {
      throw forbidden(`Your role may not do this: it needs ${roleNeeded(needed)}`);
    }
    return true;
  }

  private async identify(token: string, res: Response): Promise<AuthContext> {
    if (token.startsWith(API_TOKEN_PREFIX)) return (await this.apiTokens.resolve(token)) ?? {};
    const session = await this.sessions.resolve(token);
    if (session) res.setHeader(TOKEN_HEADER, token);
    return session ?? {};
  }
}

function roleNeeded(role: Role): string {
  switch (role) {
    case Role.Manager:
      return 'the account manager';
    case Role.Editor:
      return 'an editor or the manager';
    default:
      return 'a member of the account';
  }
}
