import { Injectable } from '@nestjs/common';
import { Db } from '../database/transaction';

/** A live session with its user, if it has one (a signed-out session has none). */
export interface SessionRow {
  session_id: string;
  user_id: number | null;
  email: string | null;
  name: string | null;
  role: number | null;
  account_id: number | null;
  expires_at: Date;
  created_at: Date;
}

export interface NewSession {
  tokenHash: string;
  userId: number | null;
  createdAt: Date;
  expiresAt: Date;
  verifiedUntil: Date | null;
}

/** The `session` table: sessions keyed by the hash of the client's token (SessionService holds the rules). */
@Injectable()
export class SessionRepository {
  constructor(private readonly db: Db) {}

  async insert(session: NewSession): Promise<void> {
    await this.db.query(
      `INSERT INTO session (token_hash, user_id, created_at, last_seen_at, expires_at, verified_until)
       VALUES ($1, $2, $3, $3, $4, $5)`,
      [session.tokenHash, session.userId, session.createdAt, session.expiresAt, session.verifiedUntil],
    );
  }

  /** The unexpired session of a token hash, with its user when that user is live and active. */
  async findLive(tokenHash: string): Promise<SessionRow | undefined> {
    // on every signed-in call: parsed and planned once per pooled connection
    const [row] = await this.db.prepared<SessionRow>(
      'session-resolve',
      `SELECT s.id AS session_id, s.user_id, s.expires_at, s.created_at,
              u.email, u.name, u.role, u.account_id
         FROM session s LEFT JOIN app_user u ON u.id = s.user_id AND u.deleted_at IS NULL AND u.is_active
        WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [tokenHash],
    );
    return row;
  }

  async slide(sessionId: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.db.query('UPDATE session SET last_seen_at = $2, expires_at = $3 WHERE id = $1', [
      sessionId,
      lastSeenAt,
      expiresAt,
    ]);
  }

  async markVerified(sessionId: string, minutes: number): Promise<void> {
    await this.db.query(
      `UPDATE session SET verified_until = now() + make_interval(mins => $2) WHERE id = $1`,
      [sessionId, minutes],
    );
  }

  /**
   * Clears a verification mark younger than its expiry; true when there was one. Outside the
   * request's transaction on purpose (SessionService.consumeVerification says why).
   */
  async consumeVerification(sessionId: string): Promise<boolean> {
    const runner = this.db.dataSource.createQueryRunner();
    try {
      const result = await runner.query(
        `UPDATE session SET verified_until = NULL WHERE id = $1 AND verified_until > now() RETURNING id`,
        [sessionId],
        true,
      );
      return result.records.length > 0;
    } finally {
      await runner.release();
    }
  }

  async delete(sessionId: string): Promise<void> {
    await this.db.query('DELETE FROM session WHERE id = $1', [sessionId]);
  }

  async deleteAllOf(userId: number): Promise<void> {
    await this.db.query('DELETE FROM session WHERE user_id = $1', [userId]);
  }

  /** Every session of the user but `keepSessionId`. */
  async deleteOthersOf(userId: number, keepSessionId: string): Promise<void> {
    await this.db.query('DELETE FROM session WHERE user_id = $1 AND id <> $2', [userId, keepSessionId]);
  }

  async deleteExpired(): Promise<void> {
    await this.db.query('DELETE FROM session WHERE expires_at < now()');
  }
}
