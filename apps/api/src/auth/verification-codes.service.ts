import { Injectable } from '@nestjs/common';
import { badRequest } from '../common/api-error';
import { Db } from '../database/transaction';
import { hashToken, newToken } from './tokens';
import { CodePurpose, VerificationCodeEntity } from './verification-code.entity';

const HOUR_MS = 3_600_000;
/** Activation links and password links stay valid this long (DESIGN.md: codes expire). */
export const CODE_VALID_HOURS: Record<CodePurpose, number> = { activate: 72, reset: 24 };

/** Single-use, expiring codes for the links in e-mails; a new code replaces the older ones. */
@Injectable()
export class VerificationCodesService {
  constructor(private readonly db: Db) {}

  async issue(userId: number, purpose: CodePurpose): Promise<string> {
    const code = newToken();
    await this.db.query(
      `UPDATE verification_code SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [userId, purpose],
    );
    await this.db.repo(VerificationCodeEntity).insert({
      userId,
      purpose,
      codeHash: hashToken(code),
      expiresAt: new Date(Date.now() + CODE_VALID_HOURS[purpose] * HOUR_MS),
      usedAt: null,
    });
    return code;
  }

  /** Uses up the code of the user with this e-mail; refuses an unknown, used or expired one. */
  async consume(email: string, code: string, purpose: CodePurpose): Promise<number> {
    const [row] = await this.db.query<{ user_id: number }>(
      `WITH used AS (
         UPDATE verification_code c SET used_at = now()
           FROM app_user u
          WHERE c.user_id = u.id AND lower(u.email) = lower($1) AND u.deleted_at IS NULL
            AND c.code_hash = $2 AND c.purpose = $3 AND c.used_at IS NULL AND c.expires_at > now()
         RETURNING c.user_id)
       SELECT user_id FROM used`,
      [email, hashToken(code), purpose],
    );
    if (!row) throw badRequest('This link is invalid or has expired');
    return row.user_id;
  }
}
