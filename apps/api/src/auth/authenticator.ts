import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Forbidden, Role } from '@sweepline/domain';
import { unauthorized } from '../common/api-error';
import { readJsonBody } from '../common/body-parsing';
import { ApiTokenService } from './api-token.service';
import { AuthContext, RequestWithAuth } from './auth-context';
import { SessionService } from './session.service';
import { API_TOKEN_PREFIX } from './tokens';

export const TOKEN_HEADER = 'x-auth-token';

/** What a call asks of its caller: nothing (@Public), a role (@Roles), or a signed-in caller. */
export interface CallerRule {
  isPublic?: boolean;
  needed?: Role;
}

/** A request's headers: where the caller's token travels. */
type CallerRequest = Pick<RequestWithAuth, 'headers'>;

/** The header the reply echoes a session's token in (docs/requirements/errors-and-envelope.md#calls). */
interface ReplyHeaders {
  setHeader(name: string, value: string): unknown;
}

/**
 * Puts a session's token in the reply. A reply that carries a token is never stored by a browser
 * or a proxy (issue 42: a cached sign-in or renewal would hand the token to the next reader).
 */
export function echoToken(res: ReplyHeaders, token: string): void {
  res.setHeader(TOKEN_HEADER, token);
  res.setHeader('Cache-Control', 'no-store');
}

/** An API token may also come as "Authorization: Bearer swl_...", the way CI tools send secrets. */
function tokenOf(req: CallerRequest): string | undefined {
  const header = req.headers[TOKEN_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (token) return token.trim();
  const authorization = req.headers.authorization;
  const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return bearer?.[1];
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

/** Refuses a caller the rule does not admit (roles nest: a manager may do what an editor may). */
export function authorize(auth: AuthContext, rule: CallerRule): void {
  if (rule.isPublic) return;
  const user = auth.user;
  if (!user) throw unauthorized();
  if (rule.needed === Role.Admin) {
    if (user.role !== Role.Admin) throw new Forbidden('Only the provider administrator may do this');
  } else if (rule.needed !== undefined && (user.role < Role.Manager || user.role > rule.needed)) {
    throw new Forbidden(`Your role may not do this: it needs ${roleNeeded(rule.needed)}`);
  }
}

/**
 * Finds the caller from x-auth-token (or a bearer API token), renews the session and echoes its
 * token back; admits them to a route before its body is read. Used by AuthGuard for every Nest
 * route and by the run upload route.
 */
@Injectable()
export class Authenticator {
  constructor(
    private readonly sessions: SessionService,
    private readonly apiTokens: ApiTokenService,
  ) {}

  async identify(req: CallerRequest, res: ReplyHeaders): Promise<AuthContext> {
    const token = tokenOf(req);
    if (!token) return {};
    if (token.startsWith(API_TOKEN_PREFIX)) return (await this.apiTokens.resolve(token)) ?? {};
    const session = await this.sessions.resolve(token);
    if (session) echoToken(res, token);
    return session ?? {};
  }

  /**
   * The caller, their right to the route, and only then the route's JSON body of up to `bodyLimit`
   * bytes (docs/api.md, "What a body may hold"): a body without a token, with a token that is not
   * valid, or with a role the route refuses is answered 401 or 403 before a byte of it is read
   * (issue 42, finding 1), on the run upload as on every other route an API token calls.
   */
  async admit(req: Request, res: Response, rule: CallerRule, bodyLimit: number): Promise<AuthContext> {
    const auth = await this.identify(req, res);
    authorize(auth, rule);
    await readJsonBody(req, res, bodyLimit);
    return auth;
  }
}
