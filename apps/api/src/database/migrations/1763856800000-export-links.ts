import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Settings page downloads the account export through a single-use link (docs/api/accounts.md,
 * "Export links"): a browser download cannot send the session header, so the link's code stands in
 * for it for one minute. The codes live beside the e-mail codes, with a purpose of their own, and
 * are looked up by their hash alone.
 */
export class ExportLinks1763856800000 implements MigrationInterface {
  name = 'ExportLinks1763856800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE verification_code DROP CONSTRAINT verification_code_purpose_check;
      ALTER TABLE verification_code
        ADD CONSTRAINT verification_code_purpose_check CHECK (purpose IN ('activate', 'reset', 'export'));
      CREATE INDEX verification_code_hash_idx ON verification_code (code_hash);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX verification_code_hash_idx;
      DELETE FROM verification_code WHERE purpose = 'export';
      ALTER TABLE verification_code DROP CONSTRAINT verification_code_purpose_check;
      ALTER TABLE verification_code
        ADD CONSTRAINT verification_code_purpose_check CHECK (purpose IN ('activate', 'reset'));
    `);
  }
}
