import type { MigrationInterface, QueryRunner } from 'typeorm';

const KEY = 'account_id, seq_id, title, start_time, run_id';

/**
 * Capability and the control chart read one step's rows of run_step_value over a range, every
 * column of them. Uploads write a run's steps together, so on disk one step's rows are spread one
 * to a page among the other steps' rows, and a 90-day read of 61,000 rows touched 60,000 pages
 * (412 ms on the 1,000,000-run bench database, docs/performance.md "Measurement analytics"). The
 * migration that filled the table from existing runs wrote them in key order, which hid this
 * until runs arrived one by one. The primary key now carries the columns those reads return
 * (INCLUDE), so they are index-only scans over the key's range: one step's rows sit together in
 * the index whatever order they arrived in. VACUUM keeps the pages all-visible (autovacuum in
 * production; migrate.ts right after this migration).
 */
export class StepValuesCovered1763857700000 implements MigrationInterface {
  name = 'StepValuesCovered1763857700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE run_step_value DROP CONSTRAINT run_step_value_pkey;
      ALTER TABLE run_step_value ADD PRIMARY KEY (${KEY}) INCLUDE (sn, seq_version, value, lower, upper, unit);`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE run_step_value DROP CONSTRAINT run_step_value_pkey;
      ALTER TABLE run_step_value ADD PRIMARY KEY (${KEY});`);
  }
}
