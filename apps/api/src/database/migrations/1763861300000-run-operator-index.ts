import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Containment by operator reads the operator's runs from an index (issue 40; docs/performance.md,
 * "Reports and ingest"). It asks for the newest runs of one operator in a range of days, cut at
 * ORIGIN_LIMITS.containmentRuns; with no index on the operator, PostgreSQL read every run of the
 * range's partitions and sorted them (341-369 ms over 90 days at 1,000,000 runs; 48-52 ms with it,
 * bench/containment-index.bench.ts). By
 * (account_id, user_name, start_time) each month's partition gives its runs newest first, so the
 * cut stops the read, and an operator with few runs costs few index entries. Like the station's
 * index (1763858700000), one entry more per upload.
 */
export class RunOperatorIndex1763861300000 implements MigrationInterface {
  name = 'RunOperatorIndex1763861300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX run_account_operator_time_idx ON run (account_id, user_name, start_time)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX run_account_operator_time_idx');
  }
}
