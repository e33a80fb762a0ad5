import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The UTC day of a start time. */
const dayOf = (t: string) => `(${t} AT TIME ZONE 'UTC')::date`;

const FAILURE_COLUMNS = 'account_id, seq_id, day, aborted, steps_key, steps, runs';
const VERSION_COLUMNS = 'account_id, seq_id, day, seq_version';

const TABLES = `
  CREATE TABLE run_failure_day (
    account_id integer NOT NULL,
    seq_id integer NOT NULL,
    day date NOT NULL,
    aborted boolean NOT NULL,
    -- md5 of steps, as run_failure_slot's
    steps_key text NOT NULL,
    steps text[] NOT NULL,
    runs integer NOT NULL,
    PRIMARY KEY (account_id, seq_id, day, aborted, steps_key)
  );
  CREATE TABLE run_version_day (
    account_id integer NOT NULL,
    seq_id integer NOT NULL,
    day date NOT NULL,
    seq_version integer NOT NULL,
    PRIMARY KEY (account_id, seq_id, day, seq_version)
  )`;

/** The day rows of the run_failure_slot rows `where` selects (alias s): a day is 96 quarter hours. */
const failureDays = (where: string) => `
  SELECT s.account_id, s.seq_id, ${dayOf('s.slot_start')}, s.aborted, s.steps_key, s.steps, sum(s.runs)::int
    FROM run_failure_slot s WHERE ${where}
   GROUP BY 1, 2, 3, 4, 5, 6`;

/** The day rows of the runs `where` selects (alias r) of `from`: run's (account_id, seq_id, start_time) index carries seq_version. */
const versionDays = (where: string, from = 'run r') => `
  SELECT DISTINCT r.account_id, r.seq_id, ${dayOf('r.start_time')}, r.seq_version FROM ${from} WHERE ${where}`;

/**
 * A failed or aborted run counts in its day (a row trigger, as run_failure_slot's); every run's
 * test-plan version is marked in its day once per insert (a statement trigger: most uploads find
 * the day marked already, one index probe).
 */
const TRIGGERS = `
  CREATE FUNCTION run_failure_day_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO run_failure_day AS d (${FAILURE_COLUMNS})
    VALUES (NEW.account_id, NEW.seq_id, ${dayOf('NEW.start_time')}, NEW.aborted, md5(NEW.steps::text), NEW.steps, 1)
    ON CONFLICT (account_id, seq_id, day, aborted, steps_key) DO UPDATE SET runs = d.runs + 1;
    RETURN NULL;
  END $$;
  CREATE TRIGGER run_failure_day_add AFTER INSERT ON run_failure FOR EACH ROW EXECUTE FUNCTION run_failure_day_add();
  CREATE FUNCTION run_version_day_add() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO run_version_day (${VERSION_COLUMNS}) ${versionDays('true', 'new_runs r')}
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$;
  CREATE TRIGGER run_version_day_add AFTER INSERT ON run REFERENCING NEW TABLE AS new_runs
    FOR EACH STATEMENT EXECUTE FUNCTION run_version_day_add();`;

/** run_rollups_rebuild as 1763860400000 left it (renamed), then these two from the account's rows. */
const REBUILD = `
  ALTER FUNCTION run_rollups_rebuild(integer) RENAME TO run_rollups_rebuild_1763860400000;
  CREATE FUNCTION run_rollups_rebuild(of_account integer) RETURNS void LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM run_rollups_rebuild_1763860400000(of_account);
    DELETE FROM run_failure_day WHERE account_id = of_account;
    INSERT INTO run_failure_day (${FAILURE_COLUMNS}) ${failureDays('s.account_id = of_account')};
    DELETE FROM run_version_day WHERE account_id = of_account;
    INSERT INTO run_version_day (${VERSION_COLUMNS}) ${versionDays('r.account_id = of_account')};
  END $fn$;`;

/**
 * The all-tests failure Pareto by days (issue 41; docs/performance/history/analysis.md): at
 * 1,000,000 runs a test fails about once per quarter hour, so run_failure_slot held about a row
 * per failed run and the Pareto's groups still cost what the failures cost, and its versions list
 * read run's index for every run of the range. run_failure_day counts the same groups per UTC day
 * and run_version_day marks each test's versions per UTC day: a range reads its whole UTC days
 * there, the quarter hours of its partial days from run_failure_slot (and the partial days' runs'
 * versions from run's index), so its cost follows days. Kept by triggers on run_failure and run,
 * and by run_rollups_rebuild.
 */
export class FailureAndVersionDays1763860410000 implements MigrationInterface {
  name = 'FailureAndVersionDays1763860410000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(TABLES);
    await q.query(`INSERT INTO run_failure_day (${FAILURE_COLUMNS}) ${failureDays('true')}`);
    await q.query(`INSERT INTO run_version_day (${VERSION_COLUMNS}) ${versionDays('true')}`);
    await q.query(TRIGGERS);
    await q.query(REBUILD);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP FUNCTION run_rollups_rebuild(integer);
      ALTER FUNCTION run_rollups_rebuild_1763860400000(integer) RENAME TO run_rollups_rebuild;
      DROP TRIGGER run_version_day_add ON run;
      DROP FUNCTION run_version_day_add();
      DROP TRIGGER run_failure_day_add ON run_failure;
      DROP FUNCTION run_failure_day_add();
      DROP TABLE run_version_day, run_failure_day;`);
  }
}
