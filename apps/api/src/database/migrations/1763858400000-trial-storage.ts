import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bytes a free-trial account has stored, traces and files (issue 42, docs/operations.md,
 * "Free-trial quotas"): one row per account, written only while the account is in its trial.
 */
export class TrialStorage1763858400000 implements MigrationInterface {
  name = 'TrialStorage1763858400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE trial_storage (
        account_id integer PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
        bytes bigint NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE trial_storage');
  }
}
