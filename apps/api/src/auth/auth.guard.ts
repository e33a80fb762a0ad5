import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Request, Response } from 'express';
import { Role } from '@sweepline/domain';
import { BODY_LIMITS } from '../common/body-limits';
import { RequestWithAuth } from './auth-context';
import { Authenticator } from './authenticator';
import { PUBLIC_KEY, ROLE_KEY } from './decorators';

/**
 * Runs before every Nest route: finds the caller, applies the route's rule (@Public, @Roles, or
 * signed in), and only then reads a JSON body (Authenticator.admit), so a caller the route refuses
 * never has its body read.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & RequestWithAuth>();
    const targets = [context.getHandler(), context.getClass()];
    req.auth = await this.authenticator.admit(
      req,
      http.getResponse<Response>(),
      {
        isPublic: this.reflector.getAllAndOverride<boolean | undefined>(PUBLIC_KEY, targets),
        needed: this.reflector.getAllAndOverride<Role | undefined>(ROLE_KEY, targets),
      },
      BODY_LIMITS.json,
    );
    return true;
  }
}
