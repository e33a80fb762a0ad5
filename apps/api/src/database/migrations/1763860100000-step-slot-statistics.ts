import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The quarter hour a start time falls in, as its first instant (UTC quarter hours are every zone's). */
const slotOf = (t: string) => `to_timestamp(floor(extract(epoch FROM ${t}) / 900) * 900)`;

const COLUMNS = `account_id, seq_id, title, unit, slot_start, n, first_value, last_value, mean_offset, m2, mr_sum,
  min_value, max_value, last_time, last_run, last_lower, last_upper, limits_mixed, versions`;

/**
 * run_step_slot rows made from the run_step_value rows `where` selects (alias v), in two passes
 * about each slot's first value (slotStatistics, libs/domain/src/analysis/slot-statistics.ts):
 * the backfill, the rebuild and a slot that a run arrived into out of time order.
 */
export const slotRows = (where: string) => `
  SELECT account_id, seq_id, title, unit, slot_start, count(*)::int, min(first_value), min(last_value),
         min(mean_offset), greatest(0, sum(dev * dev) - sum(dev) * sum(dev) / count(*)), coalesce(sum(mr), 0),
         min(value), max(value), max(start_time), (array_agg(run_id ORDER BY start_time DESC, run_id DESC))[1],
         (array_agg(lower ORDER BY start_time DESC, run_id DESC))[1],
         (array_agg(upper ORDER BY start_time DESC, run_id DESC))[1],
         count(DISTINCT ROW(lower, upper)) > 1, array_agg(DISTINCT seq_version ORDER BY seq_version)
    FROM (SELECT w.*, w.value - w.first_value - w.mean_offset AS dev
            FROM (SELECT o.*, sum(o.value - o.first_value) OVER g / count(*) OVER g AS mean_offset
                    FROM (SELECT sv.*, first_value(sv.value) OVER t AS first_value,
                                 last_value(sv.value) OVER (t ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS last_value,
                                 abs(sv.value - lag(sv.value) OVER t) AS mr
                            FROM (SELECT v.*, ${slotOf('v.start_time')} AS slot_start FROM run_step_value v WHERE ${where}) sv
                          WINDOW t AS (PARTITION BY sv.account_id, sv.seq_id, sv.title, sv.unit, sv.slot_start
                                       ORDER BY sv.start_time, sv.run_id)) o
                  WINDOW g AS (PARTITION BY o.account_id, o.seq_id, o.title, o.unit, o.slot_start)) w) x
   GROUP BY account_id, seq_id, title, unit, slot_start`;

const TABLE = `
  CREATE TABLE run_step_slot (
    account_id integer NOT NULL,
    seq_id integer NOT NULL,
    title text NOT NULL,
    unit text NOT NULL,
    -- the quarter hour's first instant
    slot_start timestamptz NOT NULL,
    n integer NOT NULL,
    -- the first and last value in time order (start time, run id)
    first_value float8 NOT NULL,
    last_value float8 NOT NULL,
    -- x̄ − first_value, Σ(x − x̄)², Σ|x(i) − x(i−1)|
    mean_offset float8 NOT NULL,
    m2 float8 NOT NULL,
    mr_sum float8 NOT NULL,
    min_value float8 NOT NULL,
    max_value float8 NOT NULL,
    -- the latest run: where a later one appends, and its limits (the range's latest limits)
    last_time timestamptz NOT NULL,
    last_run bigint NOT NULL,
    last_lower float8,
    last_upper float8,
    -- the slot's runs do not all have the latest one's limits
    limits_mixed boolean NOT NULL,
    versions integer[] NOT NULL,
    PRIMARY KEY (account_id, seq_id, title, slot_start, unit)
  )`;

const KEY = `account_id = NEW.account_id AND seq_id = NEW.seq_id AND title = NEW.title AND unit = NEW.unit
             AND slot_start = slot_q`;

/**
 * The row trigger on run_step_value: a value later than its slot's latest (an upload, nearly
 * always) appends to the slot by Chan's merge with one value (appendValue, the same arithmetic in
 * the same order); an earlier one (a late upload, or rows of one multi-row insert, all visible
 * already) makes the slot anew from its rows, which is idempotent: a row it counted is never later
 * than the slot's latest, so it is never appended twice.
 */
const TRIGGER = `
  CREATE FUNCTION run_step_slot_add() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    slot_q timestamptz := ${slotOf('NEW.start_time')};
    s run_step_slot;
    k integer;
    d float8;
  BEGIN
    SELECT * INTO s FROM run_step_slot WHERE ${KEY};
    IF NOT FOUND THEN
      INSERT INTO run_step_slot (${COLUMNS})
      VALUES (NEW.account_id, NEW.seq_id, NEW.title, NEW.unit, slot_q, 1, NEW.value, NEW.value, 0, 0, 0, NEW.value,
              NEW.value, NEW.start_time, NEW.run_id, NEW.lower, NEW.upper, false, ARRAY[NEW.seq_version]);
    ELSIF (NEW.start_time, NEW.run_id) > (s.last_time, s.last_run) THEN
      k := s.n + 1;
      d := NEW.value - s.first_value - s.mean_offset;
      UPDATE run_step_slot SET n = k, last_value = NEW.value, mean_offset = s.mean_offset + d / k,
             m2 = s.m2 + d * d * s.n / k, mr_sum = s.mr_sum + abs(NEW.value - s.last_value),
             min_value = least(s.min_value, NEW.value), max_value = greatest(s.max_value, NEW.value),
             last_time = NEW.start_time, last_run = NEW.run_id, last_lower = NEW.lower, last_upper = NEW.upper,
             limits_mixed = s.limits_mixed OR (NEW.lower, NEW.upper) IS DISTINCT FROM (s.last_lower, s.last_upper),
             versions = CASE WHEN NEW.seq_version = ANY(s.versions) THEN s.versions
                             ELSE ARRAY(SELECT x FROM unnest(s.versions || NEW.seq_version) x ORDER BY x) END
       WHERE ${KEY};
    ELSE
      DELETE FROM run_step_slot WHERE ${KEY};
      INSERT INTO run_step_slot (${COLUMNS}) ${slotRows(`v.account_id = NEW.account_id AND v.seq_id = NEW.seq_id
        AND v.title = NEW.title AND v.unit = NEW.unit AND v.start_time >= slot_q AND v.start_time < slot_q + interval '15 minutes'`)};
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER run_step_slot_add AFTER INSERT ON run_step_value FOR EACH ROW EXECUTE FUNCTION run_step_slot_add();`;

/**
 * run_rollups_rebuild of 1763857900000 (renamed, not edited) and then this roll-up made anew from
 * the account's step values: with the triggers on, the first part's step values went through the
 * row trigger, which this replaces by the set-based rows.
 */
const REBUILD = `
  ALTER FUNCTION run_rollups_rebuild(integer) RENAME TO run_rollups_rebuild_1763857900000;
  CREATE FUNCTION run_rollups_rebuild(of_account integer) RETURNS void LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM run_rollups_rebuild_1763857900000(of_account);
    DELETE FROM run_step_slot WHERE account_id = of_account;
    INSERT INTO run_step_slot (${COLUMNS}) ${slotRows('v.account_id = of_account')};
  END $fn$;`;

/**
 * Capability from merged statistics (issue 41; DESIGN.md, "Statistical process control in
 * production"; docs/measurements.md, "Capability from merged statistics"): per step (test, title,
 * unit) and UTC quarter hour, the count, the mean about the slot's first value, the sum of squared
 * deviations, the moving ranges' sum, the first and last value, the minimum and maximum, the
 * latest run's limits and the test-plan versions. Zone offsets are whole quarter hours, so every
 * local day is whole slots; capability over a range reads a few rows per quarter hour with runs,
 * whatever their number.
 *
 * Kept by a row trigger on run_step_value, which run's statement trigger fills in the inserting
 * transaction (docs/architecture.md, "Roll-ups kept by the upload transaction"), so it follows
 * every writer of runs; run_rollups_rebuild makes it set-based. Not partitioned: a step's slot is
 * one row per quarter hour with runs, about a hundredth of its step values at a run a minute.
 */
export class StepSlotStatistics1763860100000 implements MigrationInterface {
  name = 'StepSlotStatistics1763860100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(TABLE);
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`INSERT INTO run_step_slot (${COLUMNS}) ${slotRows('true')}`);
    await q.query(TRIGGER);
    await q.query(REBUILD);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP FUNCTION run_rollups_rebuild(integer);
      ALTER FUNCTION run_rollups_rebuild_1763857900000(integer) RENAME TO run_rollups_rebuild;
      DROP TRIGGER run_step_slot_add ON run_step_value;
      DROP FUNCTION run_step_slot_add();
      DROP TABLE run_step_slot;`);
  }
}
