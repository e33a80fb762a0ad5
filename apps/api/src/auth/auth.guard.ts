import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Response } from 'express';
import { Role } from '@sweepline/domain';
import { RequestWithAuth } from './auth-context';
import { authorize, Authenticator } from './authenticator';
import { PUBLIC_KEY, ROLE_KEY } from './decorators';

/**
 * Runs before every Nest route: finds the caller (Authenticator), then applies the route's rule:
 * @Public, @Roles, or signed in.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<RequestWithAuth>();
    req.auth = await this.authenticator.identify(req, http.getResponse<Response>());
    const targets = [context.getHandler(), context.getClass()];
    authorize(req.auth, {
      isPublic: this.reflector.getAllAndOverride<boolean | undefined>(PUBLIC_KEY, targets),
      needed: this.reflector.getAllAndOverride<Role | undefined>(ROLE_KEY, targets),
    });
    return true;
  }
}
