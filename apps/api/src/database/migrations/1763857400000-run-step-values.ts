import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The step values of the measurement analytics (issue 24; docs/performance.md, "Measurement
 * analytics"): capability and control chart read one step of one test over a range, which from
 * `run.steps` meant detoasting and searching every run's jsonb array. run_step_value holds each
 * passed or failed run's numeric step rows, one per run and title (a step's key across versions:
 * the run's first non-heading row with that title, as docs/api/reports.md defines a step), so a
 * step's values over a range are one index range.
 *
 * Kept by its own statement trigger on run, in the inserting transaction (docs/requirements/scaling.md#roll-ups: roll-ups kept by the upload transaction), for the runner's uploads, the seeds and
 * bulk inserts alike. Left out: headings, rows without a number (text answers, prompts, skipped
 * measurements) and aborted runs. Runs are never updated in these columns; deleting an account's
 * runs deletes its rows by account_id (as run_unit_day's).
 *
 * Partitioned by month like run, with the same bounds: run_create_month_partition now makes the
 * month's partition of both (run_step_value_month_partition), so the upkeep that makes run's
 * partitions ahead (database/run-partition-upkeep.ts) makes these alongside. The primary key
 * (account_id, seq_id, title, start_time, run_id) is the range read.
 */
export class RunStepValues1763857400000 implements MigrationInterface {
  name = 'RunStepValues1763857400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(TABLE);
    await q.query(PARTITION_FUNCTION);
    await q.query(`CREATE OR REPLACE FUNCTION run_create_month_partition(month date) RETURNS boolean
                   LANGUAGE plpgsql AS $$ ${RUN_MONTH_PARTITION_BODY(true)} $$;`);
    // a partition of the roll-up for every month run has one (run_default's runs stay in the default)
    await q.query(`
      SELECT run_step_value_month_partition(to_date(substr(c.relname, 6), 'YYYY"m"MM'))
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'run'::regclass AND c.relname ~ '^run_y[0-9]{4}m[0-9]{2}$'`);
    await q.query(TRIGGER);
    // the existing runs, written in key order so that a step's rows of a month sit together
    // (one sort, in memory where it fits)
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`INSERT INTO run_step_value ${STEP_VALUES_OF('run')} ORDER BY 1, 2, 3, 4, 5`);
    // VACUUM (ANALYZE) follows the migrations' transaction (database/migrate.ts)
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER run_step_value_rollup ON run;
      DROP FUNCTION run_step_value_rollup();
      CREATE OR REPLACE FUNCTION run_create_month_partition(month date) RETURNS boolean
        LANGUAGE plpgsql AS $$ ${RUN_MONTH_PARTITION_BODY(false)} $$;
      DROP FUNCTION run_step_value_month_partition(date);
      DROP TABLE run_step_value;`);
  }
}

const TABLE = `
  CREATE TABLE run_step_value (
    account_id integer NOT NULL,
    seq_id integer NOT NULL,
    -- the row's title: a step's key across the test's versions
    title text NOT NULL,
    start_time timestamptz NOT NULL,
    run_id bigint NOT NULL,
    sn text NOT NULL,
    seq_version integer NOT NULL,
    value float8 NOT NULL,
    -- null: no number (an unchecked side)
    lower float8,
    upper float8,
    unit text NOT NULL,
    PRIMARY KEY (account_id, seq_id, title, start_time, run_id)
  ) PARTITION BY RANGE (start_time);
  CREATE TABLE run_step_value_default PARTITION OF run_step_value DEFAULT;`;

/**
 * The month's partition (run_step_value_yYYYYmMM, UTC month as run's), with the month's rows the
 * default partition held moved in; false when it existed.
 */
const PARTITION_FUNCTION = `
  CREATE FUNCTION run_step_value_month_partition(month date) RETURNS boolean LANGUAGE plpgsql AS $$
  DECLARE
    first_day date := date_trunc('month', month)::date;
    starts timestamptz := first_day::timestamp AT TIME ZONE 'UTC';
    ends timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC';
    name text := to_char(first_day, '"run_step_value_y"YYYY"m"MM');
    moved bigint;
  BEGIN
    IF to_regclass(name) IS NOT NULL THEN RETURN false; END IF;
    EXECUTE format('CREATE TABLE %I (LIKE run_step_value INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
    EXECUTE format('WITH moved AS (DELETE FROM run_step_value_default WHERE start_time >= $1 AND start_time < $2 RETURNING *)
                    INSERT INTO %I SELECT * FROM moved', name) USING starts, ends;
    GET DIAGNOSTICS moved = ROW_COUNT;
    -- rows moved in: statistics now, not when autovacuum comes by (the planner would guess empty)
    IF moved > 0 THEN EXECUTE format('ANALYZE %I', name); END IF;
    EXECUTE format('ALTER TABLE run_step_value ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, starts, ends);
    RETURN true;
  END $$;`;

/**
 * run_create_month_partition of 1763857000000; with `stepValues`, it first makes the roll-up's
 * partition of the month (also when run's exists already, so a month made before this migration
 * gets one too), and analyzes a new partition that runs moved into: until autovacuum came by, the
 * planner took it for empty (a 90-day trace band planned that way took 5 s on 1,000,000 runs
 * instead of milliseconds, docs/performance.md).
 */
const RUN_MONTH_PARTITION_BODY = (stepValues: boolean) => `
  DECLARE
    first_day date := date_trunc('month', month)::date;
    starts timestamptz := first_day::timestamp AT TIME ZONE 'UTC';
    ends timestamptz := (first_day + interval '1 month')::timestamp AT TIME ZONE 'UTC';
    name text := to_char(first_day, '"run_y"YYYY"m"MM');
    ${stepValues ? 'moved bigint;' : ''}
  BEGIN
    ${stepValues ? 'PERFORM run_step_value_month_partition(first_day);' : ''}
    IF to_regclass(name) IS NOT NULL THEN RETURN false; END IF;
    EXECUTE format('CREATE TABLE %I (LIKE run INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
    -- the month's runs stored in the default partition so far move in, or attaching would fail
    EXECUTE format('WITH moved AS (DELETE FROM run_default WHERE start_time >= $1 AND start_time < $2 RETURNING *)
                    INSERT INTO %I SELECT * FROM moved', name) USING starts, ends;
    ${
      stepValues
        ? `GET DIAGNOSTICS moved = ROW_COUNT;
    IF moved > 0 THEN EXECUTE format('ANALYZE %I', name); END IF;`
        : ''
    }
    EXECUTE format('ALTER TABLE run ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, starts, ends);
    RETURN true;
  END`;

/**
 * The numeric step rows of the runs of `runs` (a table or the trigger's transition table), in
 * run_step_value's column order: per passed or failed run and title, the first non-heading row,
 * when its value is a number. Limits that are not numbers are stored as null.
 */
export const STEP_VALUES_OF = (runs: string) => `
  SELECT r.account_id, r.seq_id, s.title, r.start_time, r.id, r.sn, r.seq_version, (s.e->'value')::float8,
         CASE WHEN jsonb_typeof(s.e->'lower') = 'number' THEN (s.e->'lower')::float8 END,
         CASE WHEN jsonb_typeof(s.e->'upper') = 'number' THEN (s.e->'upper')::float8 END,
         coalesce(s.e->>'unit', '')
    FROM ${runs} r
    CROSS JOIN LATERAL (
      SELECT DISTINCT ON (x.e->>'title') x.e->>'title' AS title, x.e
        FROM jsonb_array_elements(r.steps) WITH ORDINALITY AS x(e, i)
       WHERE x.e->>'isHeader' = 'false' AND x.e->>'title' IS NOT NULL
       ORDER BY x.e->>'title', x.i) s
   WHERE r.result <> -1 AND jsonb_typeof(s.e->'value') = 'number'`;

const TRIGGER = `
  CREATE FUNCTION run_step_value_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO run_step_value ${STEP_VALUES_OF('new_runs')};
    RETURN NULL;
  END $$;
  CREATE TRIGGER run_step_value_rollup AFTER INSERT ON run REFERENCING NEW TABLE AS new_runs
    FOR EACH STATEMENT EXECUTE FUNCTION run_step_value_rollup();`;
