import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { AuthContext } from './auth-context';
import { SessionRepository, type SessionRow } from './session.repository';
import { API_TOKEN_PREFIX, hashToken, newToken } from './tokens';

const MINUTE_MS = 60_000;
/** How far the idle expiry must move before a request writes it. */
const RENEW_STEP_MS = MINUTE_MS;

/**
 * Sessions live in PostgreSQL (docs/requirements/scaling.md#stateless-api: the API keeps no state in memory), keyed by the hash of
 * the token the client keeps in session storage. Each use slides the idle expiry, never past the
 * absolute one.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private expiryFrom(now: Date, createdAt: Date): Date {
    const idle = now.getTime() + this.config.sessionIdleMinutes * MINUTE_MS;
    const absolute = createdAt.getTime() + this.config.sessionMaxHours * 60 * MINUTE_MS;
    return new Date(Math.min(idle, absolute));
  }

  /** A new session (signed out when userId is null); returns the token to hand to the client. */
  async create(userId: number | null, verifiedUntil: Date | null = null): Promise<string> {
    const token = newToken();
    const now = new Date();
    await this.sessions.insert({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      expiresAt: this.expiryFrom(now, now),
      verifiedUntil,
    });
    return token;
  }

  /** The caller behind a session token, renewing its idle expiry; undefined when unknown or expired. */
  async resolve(token: string): Promise<AuthContext | undefined> {
    if (token.startsWith(API_TOKEN_PREFIX)) return undefined;
    const row = await this.sessions.findLive(hashToken(token));
    if (!row) return undefined;
    await this.renew(row);
    const context: AuthContext = { sessionId: row.session_id };
    if (row.user_id !== null && row.email !== null) {
      context.user = {
        id: row.user_id,
        email: row.email,
        name: row.name ?? '',
        role: row.role ?? 3,
        accountId: row.account_id,
      };
    }
    return context;
  }

  /**
   * Slides the idle expiry, but writes only when it moves by a minute or more: a busy client's
   * requests then cost one read each, not a read and a row update (docs/performance.md, "API").
   * The expiry and last_seen_at are therefore exact to a minute.
   */
  private async renew(row: SessionRow): Promise<void> {
    const now = new Date();
    const expiresAt = this.expiryFrom(now, new Date(row.created_at));
    if (Math.abs(expiresAt.getTime() - new Date(row.expires_at).getTime()) < RENEW_STEP_MS) return;
    await this.sessions.slide(row.session_id, now, expiresAt);
  }

  /** Marks the session as having passed the human verification just now. */
  async markVerified(sessionId: string): Promise<void> {
    await this.sessions.markVerified(sessionId, this.config.verificationMinutes);
  }

  /**
   * True when the session passed verification within the last few minutes; the mark is used up.
   * Outside the request's transaction on purpose: a refused login rolls its request back, and the
   * mark must still be gone, so one verification buys one attempt.
   */
  async consumeVerification(sessionId: string | undefined): Promise<boolean> {
    if (!sessionId) return false;
    return this.sessions.consumeVerification(sessionId);
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.delete(sessionId);
  }

  async revokeAllOf(userId: number): Promise<void> {
    await this.sessions.deleteAllOf(userId);
  }

  /** Every session of the user but the one in use (a password change keeps the caller signed in). */
  async revokeOthersOf(userId: number, keepSessionId: string): Promise<void> {
    await this.sessions.deleteOthersOf(userId, keepSessionId);
  }

  /** Drops expired sessions; called now and then so the table does not grow without end. */
  async purgeExpired(): Promise<void> {
    await this.sessions.deleteExpired();
  }
}
