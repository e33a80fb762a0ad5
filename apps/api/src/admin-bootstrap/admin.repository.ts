import { Role } from '@sweepline/domain';
import { DataSource } from 'typeorm';

/** The administrator's row in app_user, written before the API starts (no request, no Db). */
export class AdminRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The role of the live user with this e-mail (compared without case), if there is one. */
  async liveRole(email: string): Promise<Role | undefined> {
    const [live] = (await this.dataSource.query(
      `SELECT role FROM app_user WHERE lower(email) = lower($1) AND deleted_at IS NULL`,
      [email],
    )) as { role: Role }[];
    return live?.role;
  }

  /** Inserts the administrator; false when a live user took the e-mail meanwhile. */
  async insert(email: string, passwordHash: string): Promise<boolean> {
    const inserted = (await this.dataSource.query(
      `INSERT INTO app_user (account_id, email, name, role, password_hash, is_active)
       VALUES (NULL, $1, 'Administrator', $2, $3, true)
       ON CONFLICT (lower(email)) WHERE deleted_at IS NULL DO NOTHING
       RETURNING id`,
      [email, Role.Admin, passwordHash],
    )) as unknown[];
    return inserted.length > 0;
  }
}
