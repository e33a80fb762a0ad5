import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A manager tells API tokens apart by name in Settings (docs/requirements/identity.md#api-tokens), so two live tokens of one
 * account may not share a name; a revoked token frees its name.
 */
export class ApiTokenNames1763856200000 implements MigrationInterface {
  name = 'ApiTokenNames1763856200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE UNIQUE INDEX api_token_name_key ON api_token (account_id, lower(name)) WHERE revoked_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX api_token_name_key');
  }
}
