import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A run's client id, unique in its account, in a table of its own (issue 27, docs/api/runs.md).
 * On the partitioned `run` the client-id key had to hold start_time, so the upload's two look-ups
 * by (account_id, client_run_id) (the repeat before the lock, the twin under it) probed one index
 * per monthly partition, and the key no longer refused a second run reusing an id with another
 * start time. run_client_id is not partitioned: one index probe finds the run, its start time
 * then finds the run's partition, and the key is exactly (account_id, client_run_id) again. The
 * upload writes it in the same statement as the run; run's own client-id index goes (every upload
 * wrote it).
 */
export class RunClientIds1763857100000 implements MigrationInterface {
  name = 'RunClientIds1763857100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE run_client_id (
        account_id integer NOT NULL,
        client_run_id text NOT NULL,
        run_id bigint NOT NULL,
        start_time timestamptz NOT NULL,
        PRIMARY KEY (account_id, client_run_id)
      );
      INSERT INTO run_client_id (account_id, client_run_id, run_id, start_time)
      SELECT account_id, client_run_id, id, start_time FROM run;
      DROP INDEX run_client_run_id_key;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE UNIQUE INDEX run_client_run_id_key ON run (account_id, client_run_id, start_time);
      DROP TABLE run_client_id;
    `);
  }
}
