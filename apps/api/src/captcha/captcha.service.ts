import { randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Refused } from '@sweepline/domain';
import { AuthContext } from '../auth/auth-context';
import { SessionService } from '../auth/session.service';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { ALTCHA_ALGORITHM, altcha, Challenge, Payload } from './altcha';
import { CaptchaRepository } from './captcha.repository';

/** The HMAC secret lives in app_setting so that every API instance signs and checks alike. */
const SECRET_KEY = 'captcha.hmac_secret';
/** Time to solve and send a challenge; it is refused afterwards. */
const CHALLENGE_MINUTES = 10;
const PURGE_EVERY_MS = 60_000;

export const CAPTCHA_MSG = {
  failed: 'Verification failed. Please verify again',
  expired: 'The verification has expired. Please verify again',
  used: 'This verification has already been used. Please verify again',
} as const;

/** The ticket is the widget's payload: base64 of JSON {challenge: {parameters, signature}, solution}. */
function decodeTicket(ticket: string): Payload | undefined {
  try {
    const payload = JSON.parse(Buffer.from(ticket, 'base64').toString('utf8')) as Partial<Payload> | null;
    const challenge = payload?.challenge;
    if (typeof challenge?.parameters !== 'object' || challenge.parameters === null) return undefined;
    if (typeof challenge.signature !== 'string' || typeof payload?.solution !== 'object') return undefined;
    return payload as Payload;
  } catch {
    return undefined;
  }
}

/**
 * Human verification by self-hosted proof of work (docs/requirements/identity.md#human-verification, replacing the spec's third-party
 * slider): a solved challenge marks the caller's session for VERIFICATION_MINUTES.
 */
@Injectable()
export class CaptchaService {
  private secret: Promise<string> | undefined;
  private lastPurge = 0;

  constructor(
    private readonly captchas: CaptchaRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionService,
    private readonly rateLimits: RateLimitService,
  ) {}

  /**
   * A challenge is stateless (issue 42): its HMAC signature and expiry are all the server needs to
   * check it, so asking for one writes nothing. The session (and the used-challenge row) come only
   * with a solved challenge, which costs the caller the proof of work.
   */
  async challenge(): Promise<Challenge> {
    const lib = await altcha();
    const max = this.config.captchaMaxNumber;
    return lib.createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost: 1,
      // deterministic mode: the solver must reach this counter, so at least half the maximum
      counter: randomInt(Math.ceil(max / 2), max + 1),
      deriveKey: lib.deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      hmacSignatureSecret: await this.hmacSecret(),
    });
  }

  /** Checks the solution, refuses a replay, and marks the session; returns a new token if it had none. */
  async verify(auth: AuthContext, ticket: string, randstr: string): Promise<string | undefined> {
    const payload = decodeTicket(ticket);
    if (!payload || payload.challenge.signature !== randstr) throw new Refused(CAPTCHA_MSG.failed);
    const lib = await altcha();
    const result = await lib
      .verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey: lib.deriveKey,
        hmacSignatureSecret: await this.hmacSecret(),
      })
      .catch(() => undefined);
    if (result?.expired) throw new Refused(CAPTCHA_MSG.expired);
    const expiresAt = payload.challenge.parameters.expiresAt;
    if (!result?.verified || typeof expiresAt !== 'number') throw new Refused(CAPTCHA_MSG.failed);
    await this.refuseReplay(randstr, expiresAt);
    await this.purgeNowAndThen();
    if (auth.sessionId) {
      await this.sessions.markVerified(auth.sessionId);
      return undefined;
    }
    return this.sessions.create(null, new Date(Date.now() + this.config.verificationMinutes * 60_000));
  }

  /** A challenge counts once: its id is kept until it expires (captcha_used). */
  private async refuseReplay(id: string, expiresAtSeconds: number): Promise<void> {
    if (!(await this.captchas.use(id, expiresAtSeconds))) throw new Refused(CAPTCHA_MSG.used);
  }

  /** Made by whichever instance asks first, then read back by all (never kept only in memory). */
  private hmacSecret(): Promise<string> {
    this.secret ??= this.readSecret().catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  private readSecret(): Promise<string> {
    return this.captchas.settingOrInsert(SECRET_KEY, randomBytes(32).toString('hex'));
  }

  /** Used challenges, expired sessions and old rate-limit windows are of no use: dropped now and then. */
  private async purgeNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await this.captchas.deleteExpired();
    await this.sessions.purgeExpired();
    await this.rateLimits.purge();
  }
}
