import { Role } from '@sweepline/domain';
import type { PoolDb } from '../database/pool-db';

/** The administrator's row in app_user, written before the API starts (no request, no Db). */
export class AdminRepository {
  constructor(private readonly pool: PoolDb) {}

  /** The role of the live user with this e-mail (compared without case), if there is one. */
  async liveRole(email: string): Promise<Role | undefined> {
    const [live] = await this.pool.query<{ role: Role }>(
      `SELECT role FROM app_user WHERE lower(email) = lower($1) AND deleted_at IS NULL`,
      [email],
    );
    return live?.role;
  }

  /** Inserts the administrator; false when a live user took the e-mail meanwhile. */
  async insert(email: string, passwordHash: string): Promise<boolean> {
    const inserted = await this.pool.query(
      `INSERT INTO app_user (account_id, email, name, role, password_hash, is_active)
       VALUES (NULL, $1, 'Administrator', $2, $3, true)
       ON CONFLICT (lower(email)) WHERE deleted_at IS NULL DO NOTHING
       RETURNING id`,
      [email, Role.Admin, passwordHash],
    );
    return inserted.length > 0;
  }
}
