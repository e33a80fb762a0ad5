import type { MigrationInterface, QueryRunner } from 'typeorm';
import { binsFromSlots, dayAddFunction, dayOf, dayStart, daysFromSlots } from './1763860500000-step-days';

/** An arbitrary, fixed key (beside the fold's 7215461003): one closing at a time. */
const CLOSE_LOCK_KEY = 7_215_461_004;

/** The closing day's first instant (run_step_days_close's variable). */
const CLOSING = dayStart('closing');
/** The closing day has not ended `settled_before` (run_step_days_close's argument). */
const NOT_OVER = `${CLOSING} + interval '1 day' > settled_before`;
/** A slot of `alias` in the closing day. */
const inClosingDay = (alias: string) =>
  `${alias}.slot_start >= ${CLOSING} AND ${alias}.slot_start < ${CLOSING} + interval '1 day'`;
/** The first instant not closed (in the down, before the closure's table goes). */
const OPEN_SINCE = dayStart('(SELECT closed_until FROM run_step_day_closure)');

/**
 * The count of failed runs' values per step, unit and day, in the days of the slots `slots` takes
 * (run_step_slot as s): their values found by the slots (an index range of run_step_value's key
 * each) and a probe of run_failure's key per value. Not the rebuild's form (step-days.ts, `fill`):
 * its hash join of the failed runs with the values would read a whole month's values for one day.
 */
const failedFromSlots = (slots: string) => `
  UPDATE run_step_day d SET n_failed = k.failed
    FROM (SELECT v.account_id, v.seq_id, v.title, v.unit, ${dayOf('v.start_time')} AS day, count(*)::int AS failed
            FROM run_step_slot s
            JOIN run_step_value v ON v.account_id = s.account_id AND v.seq_id = s.seq_id AND v.title = s.title
             AND v.start_time >= s.slot_start AND v.start_time < s.slot_start + interval '15 minutes'
             AND v.unit = s.unit
           WHERE ${slots}
             AND EXISTS (SELECT FROM run_failure f WHERE f.account_id = v.account_id AND f.seq_id = v.seq_id
                            AND f.start_time = v.start_time AND f.run_id = v.run_id AND NOT f.aborted)
           GROUP BY 1, 2, 3, 4, 5) k
   WHERE d.account_id = k.account_id AND d.seq_id = k.seq_id AND d.title = k.title AND d.unit = k.unit
     AND d.day = k.day`;

/**
 * The day rows of the slots `slots` takes (given the alias: x for the statistics, b for the bins,
 * s for the failed values), `days` naming those rows in run_step_day (as s).
 */
const daysMade = (slots: (alias: string) => string, days: string) =>
  [daysFromSlots(slots('x')), binsFromSlots(days, slots('b')), failedFromSlots(slots('s'))]
    .map((statement) => `${statement};`)
    .join('\n    ');

/**
 * run_step_days_close (a definition after CREATE or CREATE OR REPLACE): the day at `closed_until`
 * made and the closure moved on, unless `notOver` (SQL on `closing` and `settled_before`;
 * 1763861600000 adds that the day's quarter hours are closed too).
 */
export const daysCloseFunction = (
  notOver = NOT_OVER,
) => `FUNCTION run_step_days_close(settled_before timestamptz) RETURNS date LANGUAGE plpgsql AS $fn$
  DECLARE
    closing date;
  BEGIN
    -- nearly every call: no day is over, told without a lock (a locked row is a write)
    closing := step_days_closed_until();
    IF ${notOver} THEN RETURN NULL; END IF;
    IF NOT pg_try_advisory_xact_lock(${CLOSE_LOCK_KEY}) THEN RETURN NULL; END IF;
    -- waits for the folds whose day trigger read the row FOR SHARE; the next statements' snapshots see them
    SELECT closed_until INTO closing FROM run_step_day_closure FOR UPDATE;
    IF ${notOver} OR EXISTS (SELECT FROM run_step_value_queue WHERE start_time < ${CLOSING} + interval '1 day') THEN
      RETURN NULL;
    END IF;
    ${daysMade(inClosingDay, 's.day = closing')}
    UPDATE run_step_day_closure SET closed_until = closing + 1;
    RETURN closing;
  END $fn$`;

const CLOSED = `
  CREATE TABLE run_step_day_closure (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    closed_until date NOT NULL
  );
  INSERT INTO run_step_day_closure (closed_until) VALUES ((now() AT TIME ZONE 'UTC')::date);
  DELETE FROM run_step_day WHERE day >= (SELECT closed_until FROM run_step_day_closure);

  CREATE FUNCTION step_days_closed_until() RETURNS date LANGUAGE sql STABLE
    AS 'SELECT closed_until FROM run_step_day_closure';

  CREATE OR REPLACE ${dayAddFunction(true, true)}

  CREATE ${daysCloseFunction()};

  ALTER FUNCTION run_rollups_rebuild(integer) RENAME TO run_rollups_rebuild_1763860900000;
  CREATE FUNCTION run_rollups_rebuild(of_account integer) RETURNS void LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM run_rollups_rebuild_1763860900000(of_account);
    DELETE FROM run_step_day WHERE account_id = of_account AND day >= step_days_closed_until();
  END $fn$;`;

const OPEN = `
  ${daysMade((alias) => `${alias}.slot_start >= ${OPEN_SINCE}`, 's.day >= step_days_closed_until()')}
  DROP FUNCTION run_rollups_rebuild(integer);
  ALTER FUNCTION run_rollups_rebuild_1763860900000(integer) RENAME TO run_rollups_rebuild;
  DROP FUNCTION run_step_days_close(timestamptz);
  CREATE OR REPLACE ${dayAddFunction(true)}
  DROP FUNCTION step_days_closed_until();
  DROP TABLE run_step_day_closure;`;

/**
 * A step's UTC day is made once, when the day is over, not at every fold (issue 41;
 * docs/architecture.md, "Days closed once"). run_step_day_add rewrote each touched day's
 * statistics and its whole bins array at every fold: some 2,000 bins a step and day at 1,000,000
 * runs, so its cost followed the day's bins, not the batch (0.35-0.45 ms of PostgreSQL's CPU per
 * upload, docs/performance/history/reports-and-ingest-issue-41.md). Now run_step_day holds the
 * days before `closed_until` only; a range's later days are read from their quarter hours, as its
 * partial days already were (StepSlotsRepository). The API closes a day (run_step_days_close, one
 * instance at a time) once it ended over STEP_VALUE_FOLD_SETTLE_SECONDS ago and no queued run
 * started in it: its rows made from its slots and their bins, as run_rollups_rebuild makes them. A
 * run folded later into a closed day (an offline queue's) is merged into it by the trigger as
 * before. The down makes the days not closed yet, as a closing would.
 */
export class StepDaysClosed1763861500000 implements MigrationInterface {
  name = 'StepDaysClosed1763861500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(CLOSED);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(OPEN);
  }
}
