import { Injectable } from '@nestjs/common';
import { Db } from '../database/transaction';

/** The captcha's tables: used challenges (captcha_used) and its HMAC secret (app_setting). */
@Injectable()
export class CaptchaRepository {
  constructor(private readonly db: Db) {}

  /** Records a challenge as used until it expires; false when it was used already. */
  async use(challenge: string, expiresAtSeconds: number): Promise<boolean> {
    const inserted = await this.db.query(
      `INSERT INTO captcha_used (challenge, expires_at) VALUES ($1, to_timestamp($2))
       ON CONFLICT (challenge) DO NOTHING RETURNING challenge`,
      [challenge, expiresAtSeconds],
    );
    return inserted.length > 0;
  }

  async deleteExpired(): Promise<void> {
    await this.db.query(`DELETE FROM captcha_used WHERE expires_at < now()`);
  }

  /**
   * The setting `key`, stored as `candidate` if it had no value yet (the first instance to ask
   * wins). Outside the request's transaction, so a refused request does not roll it back.
   */
  async settingOrInsert(key: string, candidate: string): Promise<string> {
    const ds = this.db.dataSource;
    await ds.query(`INSERT INTO app_setting (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
      key,
      candidate,
    ]);
    const [row] = (await ds.query(`SELECT value FROM app_setting WHERE key = $1`, [key])) as {
      value: string;
    }[];
    if (!row) throw new Error('The verification secret could not be stored');
    return row.value;
  }
}
