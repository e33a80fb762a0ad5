import { Injectable } from '@nestjs/common';
import { Db } from '../database/transaction';

/**
 * E-mail links (activate, reset), the Settings page's export download link, and the Stations
 * screen's event-stream ticket.
 */
export type CodePurpose = 'activate' | 'reset' | 'export' | 'stations';

/** The `verification_code` table: single-use, expiring codes of links; only their hash is stored. */
@Injectable()
export class VerificationCodesRepository {
  constructor(private readonly db: Db) {}

  /** Stores a new code of the user's, using up the user's older unused ones of its purpose. */
  async replace(userId: number, purpose: CodePurpose, codeHash: string, expiresAt: Date): Promise<void> {
    await this.db.query(
      `UPDATE verification_code SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [userId, purpose],
    );
    await this.add(userId, purpose, codeHash, expiresAt);
  }

  /** Stores a new code of the user's beside their others. */
  async add(userId: number, purpose: CodePurpose, codeHash: string, expiresAt: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO verification_code (user_id, purpose, code_hash, expires_at) VALUES ($1, $2, $3, $4)`,
      [userId, purpose, codeHash, expiresAt],
    );
  }

  /** Uses up the live code of the user with this e-mail; its user's id, or undefined. */
  async consumeOfEmail(email: string, codeHash: string, purpose: CodePurpose): Promise<number | undefined> {
    const [row] = await this.db.query<{ user_id: number }>(
      `WITH used AS (
         UPDATE verification_code c SET used_at = now()
           FROM app_user u
          WHERE c.user_id = u.id AND lower(u.email) = lower($1) AND u.deleted_at IS NULL
            AND c.code_hash = $2 AND c.purpose = $3 AND c.used_at IS NULL AND c.expires_at > now()
         RETURNING c.user_id)
       SELECT user_id FROM used`,
      [email, codeHash, purpose],
    );
    return row?.user_id;
  }

  /** Uses up a live code by its hash alone; its user's id, or undefined. */
  async consume(codeHash: string, purpose: CodePurpose): Promise<number | undefined> {
    const [row] = await this.db.query<{ user_id: number }>(
      `UPDATE verification_code c SET used_at = now()
         FROM app_user u
        WHERE c.user_id = u.id AND u.deleted_at IS NULL
          AND c.code_hash = $1 AND c.purpose = $2 AND c.used_at IS NULL AND c.expires_at > now()
       RETURNING c.user_id`,
      [codeHash, purpose],
    );
    return row?.user_id;
  }

  /** Drops the codes of `purpose` expired for a day and more. */
  async deleteExpired(purpose: CodePurpose): Promise<void> {
    await this.db.query(
      `DELETE FROM verification_code WHERE purpose = $1 AND expires_at < now() - interval '1 day'`,
      [purpose],
    );
  }
}
