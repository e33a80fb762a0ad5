import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { AuthContext } from './auth-context';
import { limitKey, requireVerification } from './identity-checks';
import { SessionService } from './session.service';

/**
 * What a public form that sends a mail (sign-up, Forgotten password) must pass before it acts
 * (docs/requirements/identity.md#human-verification): a fresh verification of the session, then one mail counted per client address and
 * one per address mailed, so that nobody floods an inbox or the mail server.
 */
@Injectable()
export class PublicMailGate {
  constructor(
    private readonly sessions: SessionService,
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async admit(auth: AuthContext, clientAddress: string, email: string): Promise<void> {
    await requireVerification(this.sessions, auth);
    const limits = this.config.rateLimit;
    await this.rateLimits.hit(limitKey.mailAddress(clientAddress), limits.mailPerAddress);
    await this.rateLimits.hit(limitKey.mailEmail(email), limits.mailPerEmail);
  }
}
