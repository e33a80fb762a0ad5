import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PLAIN_DOUBLES, type SqlDoubles } from '../sql-doubles';

/** The quarter hour a start time falls in, as its first instant (UTC quarter hours are every zone's). */
export const slotOf = (t: string) => `to_timestamp(floor(extract(epoch FROM ${t}) / 900) * 900)`;

/** run_step_slot's columns in its order (slotRows gives them unnamed). */
export const COLUMNS = `account_id, seq_id, title, unit, slot_start, n, first_value, last_value, mean_offset, m2, mr_sum,
  min_value, max_value, first_time, first_run, last_time, last_run, last_lower, last_upper, limits_mixed, versions`;

/**
 * run_step_slot rows made from the rows `where` selects (alias v) of `from` (run_step_value v, or
 * the trigger's new rows), in two passes about each slot's first value (slotStatistics,
 * libs/domain/src/analysis/slot-statistics.ts): the backfill, the rebuild, a slot that a run
 * arrived into out of time order, and an insert's own rows before they merge into their slots.
 * `doubles` writes its squares and quotients (PLAIN_DOUBLES here; 1763860700000 replaces them).
 */
export const slotRows = (where: string, from = 'run_step_value v', doubles: SqlDoubles = PLAIN_DOUBLES) => `
  SELECT account_id, seq_id, title, unit, slot_start, count(*)::int, min(first_value), min(last_value),
         min(mean_offset), greatest(0, sum(${doubles.square('dev')}) - ${doubles.square('sum(dev)')} / count(*)), coalesce(sum(mr), 0),
         min(value), max(value), min(start_time), (array_agg(run_id ORDER BY start_time, run_id))[1],
         max(start_time), (array_agg(run_id ORDER BY start_time DESC, run_id DESC))[1],
         (array_agg(lower ORDER BY start_time DESC, run_id DESC))[1],
         (array_agg(upper ORDER BY start_time DESC, run_id DESC))[1],
         count(DISTINCT ROW(lower, upper)) > 1, array_agg(DISTINCT seq_version ORDER BY seq_version)
    FROM (SELECT w.*, w.value - w.first_value - w.mean_offset AS dev
            FROM (SELECT o.*, ${doubles.perCount('sum(o.value - o.first_value) OVER g', 'count(*) OVER g')} AS mean_offset
                    FROM (SELECT sv.*, first_value(sv.value) OVER t AS first_value,
                                 last_value(sv.value) OVER (t ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS last_value,
                                 abs(sv.value - lag(sv.value) OVER t) AS mr
                            FROM (SELECT v.*, ${slotOf('v.start_time')} AS slot_start FROM ${from} WHERE ${where}) sv
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
    -- the earliest run: an insert merges after the slot's values only when it is later than the latest
    first_time timestamptz NOT NULL,
    first_run bigint NOT NULL,
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

const SLOT_KEY = 'account_id, seq_id, title, slot_start, unit';

/** x̄(new) − x̄(slot): first values close together subtract exactly (mergeSlots' delta). */
const DELTA = '(EXCLUDED.first_value - s.first_value + (EXCLUDED.mean_offset - s.mean_offset))';

/**
 * The insert's slots that it did not merge into: their latest run is not the insert's latest there
 * (a slot it merged into or made has that one as its latest).
 */
export const UNMERGED = `
  SELECT s.account_id, s.seq_id, s.title, s.unit, s.slot_start
    FROM (SELECT DISTINCT ON (1, 2, 3, 4, 5) n.account_id, n.seq_id, n.title, n.unit,
                 ${slotOf('n.start_time')} AS slot_start, n.start_time, n.run_id
            FROM new_values n ORDER BY 1, 2, 3, 4, 5, n.start_time DESC, n.run_id DESC) l
    JOIN run_step_slot s ON s.account_id = l.account_id AND s.seq_id = l.seq_id AND s.title = l.title
     AND s.unit = l.unit AND s.slot_start = l.slot_start
   WHERE (s.last_time, s.last_run) <> (l.start_time, l.run_id)`;

/**
 * The slots an insert did not merge into (UNMERGED) made anew from their rows, the new ones among
 * them; `of` narrows them (SQL on e, UNMERGED's row).
 */
export const remakeSlots = (doubles: SqlDoubles, of = '') => `
      INSERT INTO run_step_slot AS s (${COLUMNS})
      ${slotRows(
        'true',
        `run_step_value v JOIN (${UNMERGED}) e
           ON v.account_id = e.account_id AND v.seq_id = e.seq_id AND v.title = e.title AND v.unit = e.unit
          AND v.start_time >= e.slot_start AND v.start_time < e.slot_start + interval '15 minutes'${of}`,
        doubles,
      )}
      ON CONFLICT (${SLOT_KEY}) DO UPDATE SET (${COLUMNS}) = ROW(EXCLUDED.*);`;

/** 1763860100000's handling of the slots an insert did not merge into: all made anew. */
const remakeLateSlots = (doubles: SqlDoubles) => remakeSlots(doubles);

/**
 * The statement trigger on run_step_value, once per insert (run's statement trigger makes one per
 * upload, of its 20 or so steps):
 * - one upsert of the insert's own statistics per slot (slotRows over the new rows, in time order
 *   whatever order they came in): a new slot is inserted; an existing one whose latest run is
 *   earlier than the insert's earliest there (an upload, nearly always) gets them merged after its
 *   values by Chan's merge (mergeSlots, the same arithmetic in the same order);
 * - the other slots (a late upload, a bulk insert into the past) are made anew from their rows,
 *   which include the new ones, by a second statement only when the first left a slot out.
 * Concurrent uploads into one slot: the upsert locks the slot's row and judges it as the last
 * writer committed it (an upload that committed a later run first leaves this one out), and the
 * second statement's snapshot, taken after that lock, sees every committed row of the slot.
 */
export const slotAddFunction = (doubles: SqlDoubles, lateValues = remakeLateSlots) => `
  CREATE OR REPLACE FUNCTION run_step_slot_add() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    slots integer;
    merged integer;
  BEGIN
    WITH b AS (${slotRows('true', 'new_values v', doubles)}),
         m AS (INSERT INTO run_step_slot AS s (${COLUMNS}) SELECT * FROM b
               ON CONFLICT (${SLOT_KEY}) DO UPDATE SET
                 n = s.n + EXCLUDED.n,
                 last_value = EXCLUDED.last_value,
                 mean_offset = s.mean_offset + ${doubles.perCount(`${DELTA} * EXCLUDED.n`, '(s.n + EXCLUDED.n)')},
                 m2 = s.m2 + EXCLUDED.m2 + ${doubles.square(DELTA)} * s.n * EXCLUDED.n / (s.n + EXCLUDED.n),
                 mr_sum = s.mr_sum + EXCLUDED.mr_sum + abs(EXCLUDED.first_value - s.last_value),
                 min_value = least(s.min_value, EXCLUDED.min_value),
                 max_value = greatest(s.max_value, EXCLUDED.max_value),
                 last_time = EXCLUDED.last_time, last_run = EXCLUDED.last_run,
                 last_lower = EXCLUDED.last_lower, last_upper = EXCLUDED.last_upper,
                 -- mixed unless the slot's runs and the new ones all have the new latest's limits
                 limits_mixed = s.limits_mixed OR EXCLUDED.limits_mixed
                   OR (s.last_lower, s.last_upper) IS DISTINCT FROM (EXCLUDED.last_lower, EXCLUDED.last_upper),
                 versions = ARRAY(SELECT DISTINCT x FROM unnest(s.versions || EXCLUDED.versions) x ORDER BY x)
               WHERE (EXCLUDED.first_time, EXCLUDED.first_run) > (s.last_time, s.last_run)
               RETURNING 1)
    SELECT (SELECT count(*) FROM b), (SELECT count(*) FROM m) INTO slots, merged;
    IF merged < slots THEN${lateValues(doubles)}
    END IF;
    RETURN NULL;
  END $$;`;

const TRIGGER = `
  CREATE TRIGGER run_step_slot_add AFTER INSERT ON run_step_value REFERENCING NEW TABLE AS new_values
    FOR EACH STATEMENT EXECUTE FUNCTION run_step_slot_add();`;

/**
 * run_rollups_rebuild of 1763857900000 (renamed, not edited) and then this roll-up made anew from
 * the account's step values: with the triggers on, the first part's step values went through the
 * statement trigger, which this replaces by the set-based rows. Named `name`: 1763860110000 renames
 * it run_rollups_rebuild_1763860100000, where 1763860700000 replaces its arithmetic.
 */
export const slotRebuildFunction = (name: string, doubles: SqlDoubles) => `
  CREATE OR REPLACE FUNCTION ${name}(of_account integer) RETURNS void LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM run_rollups_rebuild_1763857900000(of_account);
    DELETE FROM run_step_slot WHERE account_id = of_account;
    INSERT INTO run_step_slot (${COLUMNS}) ${slotRows('v.account_id = of_account', undefined, doubles)};
  END $fn$;`;

const REBUILD = `
  ALTER FUNCTION run_rollups_rebuild(integer) RENAME TO run_rollups_rebuild_1763857900000;
  ${slotRebuildFunction('run_rollups_rebuild', PLAIN_DOUBLES)}`;

/**
 * Capability from merged statistics (issue 41; DESIGN.md, "Statistical process control in
 * production"; docs/measurements.md, "Capability from merged statistics"): per step (test, title,
 * unit) and UTC quarter hour, the count, the mean about the slot's first value, the sum of squared
 * deviations, the moving ranges' sum, the first and last value, the minimum and maximum, the
 * latest run's limits and the test-plan versions. Zone offsets are whole quarter hours, so every
 * local day is whole slots; capability over a range reads a few rows per quarter hour with runs,
 * whatever their number.
 *
 * Kept by a statement trigger on run_step_value, which run's statement trigger fills in the inserting
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
    await q.query(slotAddFunction(PLAIN_DOUBLES) + TRIGGER);
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
