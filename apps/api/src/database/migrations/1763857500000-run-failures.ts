import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The failed and aborted runs of the failure Pareto (issue 24; docs/performance.md, "Measurement
 * analytics"): the Pareto of all tests of a product over 90 days searched the `steps` jsonb of
 * every failed and aborted run in range with jsonpath (about 22,000 runs' arrays detoasted on the
 * 1,000,000-run bench database, 307 ms). run_failure holds one row per failed or aborted run: its
 * test, start time, id, whether it was aborted, and `steps`, the titles of its failing rows
 * (non-heading rows with result 0) in step order, so `steps[1]` is the first failing one. The
 * Pareto counts runs with equal lists together; a bar's runs are found here, and only the rows
 * listed (at most FAILED_RUNS_LIMIT) are read from run for their values and limits.
 *
 * Kept by a row trigger on run, `AFTER INSERT ... FOR EACH ROW WHEN (NEW.result <> 1)`, in the
 * inserting transaction (docs/architecture.md, "Roll-ups kept by the upload transaction"): a
 * passed run (about 90-95% of them) does not even call it, and PL/pgSQL keeps the plan of its one
 * INSERT (a statement trigger reading a transition table would be planned again at every
 * statement, every upload). Runs are never updated in these columns nor deleted; deleting an
 * account's rows deletes these by account_id (tools/seed's account replacement, as for every
 * table with the column).
 *
 * Not partitioned by month, unlike run and run_step_value: about one run in ten fails or aborts
 * and a row is about 100 bytes, so 1,000,000 runs give some 100,000 rows (about 10 MB). A range of a
 * test is one range of the primary key (account_id, seq_id, start_time, run_id) whatever the
 * table's size; monthly partitions would add planning and routing per call and upload, a change to
 * run_create_month_partition and rows to move out of a default partition, to save nothing a read
 * would notice. If runs are ever dropped by month (retention), delete these by start_time with
 * them.
 */
export class RunFailures1763857500000 implements MigrationInterface {
  name = 'RunFailures1763857500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(TABLE);
    await q.query(TRIGGER);
    // the existing runs, in key order (a test's failures of a month sit together)
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`INSERT INTO run_failure (account_id, seq_id, start_time, run_id, aborted, steps)
                   SELECT r.account_id, r.seq_id, r.start_time, r.id, r.result = -1, ${FAILING_TITLES('r.steps')}
                     FROM run r WHERE r.result <> 1
                    ORDER BY 1, 2, 3, 4`);
    // VACUUM (ANALYZE) follows the migrations' transaction (database/migrate.ts)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER run_failure_insert ON run;
      DROP FUNCTION run_failure_insert();
      DROP TABLE run_failure;`);
  }
}

const TABLE = `
  CREATE TABLE run_failure (
    account_id integer NOT NULL,
    seq_id integer NOT NULL,
    start_time timestamptz NOT NULL,
    run_id bigint NOT NULL,
    -- result -1 (else 0: failed)
    aborted boolean NOT NULL,
    -- the failing non-heading rows' titles in step order (an aborted run's too); '{}' for none
    steps text[] NOT NULL,
    PRIMARY KEY (account_id, seq_id, start_time, run_id)
  )`;

/**
 * The titles of the failing non-heading rows of a run's `steps`, in step order: the jsonpath the
 * Pareto applied to run.steps before this roll-up, so the groups are those it gave.
 */
export const FAILING_TITLES = (steps: string) =>
  `ARRAY(SELECT jsonb_array_elements_text(jsonb_path_query_array(${steps}, '$[*] ? (@.result == 0 && @.isHeader == false).title')))`;

const TRIGGER = `
  CREATE FUNCTION run_failure_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO run_failure (account_id, seq_id, start_time, run_id, aborted, steps)
    VALUES (NEW.account_id, NEW.seq_id, NEW.start_time, NEW.id, NEW.result = -1, ${FAILING_TITLES('NEW.steps')});
    RETURN NULL;
  END $$;
  CREATE TRIGGER run_failure_insert AFTER INSERT ON run
    FOR EACH ROW WHEN (NEW.result <> 1) EXECUTE FUNCTION run_failure_insert();`;
