import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The quarter hour a start time falls in, as its first instant (as run_step_slot's). */
const slotOf = (t: string) => `to_timestamp(floor(extract(epoch FROM ${t}) / 900) * 900)`;

/**
 * run_failure_slot rows of the run_failure rows `where` selects (alias f): per test, quarter hour,
 * aborted or not and list of failing titles, how many runs.
 */
const slotRows = (where: string) => `
  SELECT f.account_id, f.seq_id, ${slotOf('f.start_time')}, f.aborted, md5(f.steps::text), f.steps, count(*)::int
    FROM run_failure f WHERE ${where}
   GROUP BY 1, 2, 3, 4, 5, 6`;

const COLUMNS = 'account_id, seq_id, slot_start, aborted, steps_key, steps, runs';

const TABLE = `
  CREATE TABLE run_failure_slot (
    account_id integer NOT NULL,
    seq_id integer NOT NULL,
    slot_start timestamptz NOT NULL,
    aborted boolean NOT NULL,
    -- md5 of steps: a key of bounded size, however many titles fail
    steps_key text NOT NULL,
    steps text[] NOT NULL,
    runs integer NOT NULL,
    PRIMARY KEY (account_id, seq_id, slot_start, aborted, steps_key)
  )`;

const TRIGGER = `
  CREATE FUNCTION run_failure_slot_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO run_failure_slot AS s (${COLUMNS})
    VALUES (NEW.account_id, NEW.seq_id, ${slotOf('NEW.start_time')}, NEW.aborted, md5(NEW.steps::text), NEW.steps, 1)
    ON CONFLICT (account_id, seq_id, slot_start, aborted, steps_key) DO UPDATE SET runs = s.runs + 1;
    RETURN NULL;
  END $$;
  CREATE TRIGGER run_failure_slot_add AFTER INSERT ON run_failure FOR EACH ROW EXECUTE FUNCTION run_failure_slot_add();`;

/** run_rollups_rebuild as 1763860100000 left it (renamed), then this roll-up from the account's run_failure rows. */
const REBUILD = `
  ALTER FUNCTION run_rollups_rebuild(integer) RENAME TO run_rollups_rebuild_1763860100000;
  CREATE FUNCTION run_rollups_rebuild(of_account integer) RETURNS void LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM run_rollups_rebuild_1763860100000(of_account);
    DELETE FROM run_failure_slot WHERE account_id = of_account;
    INSERT INTO run_failure_slot (${COLUMNS}) ${slotRows('f.account_id = of_account')};
  END $fn$;`;

/**
 * The failure Pareto from quarter-hour slots (issue 41; docs/architecture.md, "Roll-ups kept by
 * the upload transaction"): run_failure holds a row per failed or aborted run, so a Pareto of all
 * tests over 90 days read every one of them (435 ms at 10,000,000 runs, docs/performance.md).
 * run_failure_slot counts them per test, UTC quarter hour, aborted or not and list of failing
 * titles, the groups the Pareto counts, so a range reads a few rows per quarter hour with failures.
 * Kept by a row trigger on run_failure (itself kept by run's), and by run_rollups_rebuild.
 */
export class FailureSlots1763860110000 implements MigrationInterface {
  name = 'FailureSlots1763860110000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(TABLE);
    await q.query(`INSERT INTO run_failure_slot (${COLUMNS}) ${slotRows('true')}`);
    await q.query(TRIGGER);
    await q.query(REBUILD);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP FUNCTION run_rollups_rebuild(integer);
      ALTER FUNCTION run_rollups_rebuild_1763860100000(integer) RENAME TO run_rollups_rebuild;
      DROP TRIGGER run_failure_slot_add ON run_failure;
      DROP FUNCTION run_failure_slot_add();
      DROP TABLE run_failure_slot;`);
  }
}
