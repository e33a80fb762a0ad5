import type { ExecutionContext } from '@nestjs/common';
import { createParamDecorator } from '@nestjs/common';
import type { Request, Response } from 'express';
import { echoToken, TOKEN_HEADER } from './authenticator';

/**
 * The caller's address, for the per-address rate limits: Express's req.ip, which believes
 * X-Forwarded-For only from the proxies TRUST_PROXY names (config/trust-proxy.ts; loopback unless
 * set).
 */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  return context.switchToHttp().getRequest<Request>().ip ?? 'unknown';
});

/** docs/requirements/errors-and-envelope.md#calls: an x-auth-token in a reply replaces the session id the client keeps. */
export function sendToken(res: Response, token: string | undefined): void {
  if (token) echoToken(res, token);
}

/**
 * No token in this reply: after logout (the client has no session to keep, so the revoked token is
 * not echoed), and in a reply a browser may keep (the client keeps the token it has).
 */
export function dropToken(res: Response): void {
  res.removeHeader(TOKEN_HEADER);
}
