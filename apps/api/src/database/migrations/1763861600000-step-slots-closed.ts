import type { MigrationInterface, QueryRunner } from 'typeorm';
import { JS_DOUBLES } from '../sql-doubles';
import { STEP_VALUES_OF } from './1763857400000-run-step-values';
import { COLUMNS as SLOT_COLUMNS, slotOf, slotRows } from './1763860100000-step-slot-statistics';
import { COLUMNS as BIN_COLUMNS, binRows } from './1763860400000-step-slot-bins';
import { REBUILDING } from './1763860900000-rebuild-without-triggers';
import { FOLD_FUNCTION, foldFunction, takenRuns } from './1763861400000-step-values-folded';
import { dayStart } from './1763860500000-step-days';
import { daysCloseFunction } from './1763861500000-step-days-closed';

/** The transaction-local setting run_step_values_fold holds 'on' while it inserts open quarter hours' values. */
export const OPEN_VALUES = 'sweepline.open_quarter_hour_values';

/** An arbitrary, fixed key (beside the day closing's 7215461004): one closing at a time. */
const CLOSE_LOCK_KEY = 7_215_461_005;

const SLOT_KEY = 'account_id, seq_id, title, slot_start, unit';
const QUARTER_HOUR = "interval '15 minutes'";

/** A value v of slot (or pending key) s: one index range of run_step_value's key. */
const valueInSlot = (s: string) =>
  `v.start_time >= ${s}.slot_start AND v.start_time < ${s}.slot_start + ${QUARTER_HOUR}`;
const sameKey = (a: string, b: string) =>
  ['account_id', 'seq_id', 'title', 'unit'].map((c) => `${a}.${c} = ${b}.${c}`).join(' AND ');

/**
 * The slots and bins of the pending keys `pending` selects (run_step_slot_pending as p), made from
 * their values as the rebuild makes them (slotRows, binRows), replacing any row there.
 */
const slotsMade = (pending: string) => `
    INSERT INTO run_step_slot AS s (${SLOT_COLUMNS})
    ${slotRows(pending, `run_step_value v JOIN run_step_slot_pending p ON ${sameKey('v', 'p')} AND ${valueInSlot('p')}`, JS_DOUBLES)}
    ON CONFLICT (${SLOT_KEY}) DO UPDATE SET (${SLOT_COLUMNS}) = ROW(EXCLUDED.*);
    INSERT INTO run_step_slot_bin AS b (${BIN_COLUMNS})
    ${binRows(pending, true, `run_step_slot_pending p JOIN run_step_slot s ON ${sameKey('s', 'p')} AND s.slot_start = p.slot_start`, valueInSlot('s'))}
    ON CONFLICT (${SLOT_KEY}) DO UPDATE SET (${BIN_COLUMNS}) = ROW(EXCLUDED.*);
    DELETE FROM run_step_slot_pending p WHERE ${pending};`;

/**
 * run_step_values_fold of 1763861400000, its values split at the closure: those of closed quarter
 * hours (a late run's) inserted as before, through the slots' triggers; those of open ones with
 * OPEN_VALUES on, which the triggers' WHEN skips, their slots' keys noted as pending.
 */
const FOLD = foldFunction(
  `-- a closing waits for this fold to commit (it takes the row FOR UPDATE) before it reads values
    SELECT closed_until INTO closed FROM run_step_slot_closure FOR SHARE;
    IF EXISTS (SELECT FROM unnest(starts) AS t(start_time) WHERE t.start_time < closed) THEN
      INSERT INTO run_step_value ${STEP_VALUES_OF(takenRuns('t.start_time < closed'))}
      ON CONFLICT DO NOTHING;
    END IF;
    IF EXISTS (SELECT FROM unnest(starts) AS t(start_time) WHERE t.start_time >= closed) THEN
      PERFORM set_config('${OPEN_VALUES}', 'on', true);
      WITH v AS (
        INSERT INTO run_step_value ${STEP_VALUES_OF(takenRuns('t.start_time >= closed'))}
        ON CONFLICT DO NOTHING
        RETURNING account_id, seq_id, title, unit, start_time)
      INSERT INTO run_step_slot_pending (${SLOT_KEY})
      SELECT DISTINCT account_id, seq_id, title, ${slotOf('start_time')}, unit FROM v
      ON CONFLICT DO NOTHING;
      PERFORM set_config('${OPEN_VALUES}', coalesce(before, ''), true);
    END IF;`,
  `
    closed timestamptz;
    before text := current_setting('${OPEN_VALUES}', true);`,
);

const CLOSE = `FUNCTION run_step_slots_close(settled_before timestamptz) RETURNS timestamptz LANGUAGE plpgsql AS $fn$
  DECLARE
    closing timestamptz;
    target timestamptz := ${slotOf('settled_before')};
  BEGIN
    -- nearly every call: no quarter hour is over, told without a lock (a locked row is a write)
    closing := step_slots_closed_until();
    IF target <= closing THEN RETURN NULL; END IF;
    IF NOT pg_try_advisory_xact_lock(${CLOSE_LOCK_KEY}) THEN RETURN NULL; END IF;
    -- waits for the folds that read the row FOR SHARE; the next statements' snapshots see their values
    SELECT closed_until INTO closing FROM run_step_slot_closure FOR UPDATE;
    -- a queued run holds its quarter hour open: folded after the closing, it would come late
    target := least(target, (SELECT ${slotOf('min(start_time)')} FROM run_step_value_queue));
    IF target <= closing THEN RETURN NULL; END IF;
    ${slotsMade('p.slot_start >= closing AND p.slot_start < target')}
    UPDATE run_step_slot_closure SET closed_until = target;
    RETURN target;
  END $fn$`;

/** The slots' triggers on run_step_value, skipped while the rebuild runs and, with `open`, for open quarter hours' values. */
const slotTriggers = (open: boolean) =>
  [
    { name: 'run_step_slot_add', fn: 'run_step_slot_add' },
    { name: 'run_step_slot_bins', fn: 'run_step_slot_bins' },
  ]
    .map(
      (t) => `DROP TRIGGER ${t.name} ON run_step_value;
  CREATE TRIGGER ${t.name} AFTER INSERT ON run_step_value REFERENCING NEW TABLE AS new_values FOR EACH STATEMENT
    WHEN (current_setting('${REBUILDING}', true) IS DISTINCT FROM 'on'${
      open ? ` AND current_setting('${OPEN_VALUES}', true) IS DISTINCT FROM 'on'` : ''
    })
    EXECUTE FUNCTION ${t.fn}();`,
    )
    .join('\n  ');

/** The rows of an account's (or every account's) open quarter hours turned into pending keys. */
const slotsOpened = (scope: string) => `
    INSERT INTO run_step_slot_pending (${SLOT_KEY})
    SELECT ${SLOT_KEY} FROM run_step_slot
     WHERE ${scope} slot_start >= step_slots_closed_until()
    ON CONFLICT DO NOTHING;
    DELETE FROM run_step_slot WHERE ${scope} slot_start >= step_slots_closed_until();
    DELETE FROM run_step_slot_bin WHERE ${scope} slot_start >= step_slots_closed_until();`;

const CLOSED = `
  CREATE TABLE run_step_slot_closure (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    closed_until timestamptz NOT NULL
  );
  INSERT INTO run_step_slot_closure (closed_until) VALUES (${slotOf('now()')});
  -- an open quarter hour's step and unit, with values and no slot yet
  CREATE TABLE run_step_slot_pending (
    account_id integer NOT NULL,
    seq_id integer NOT NULL,
    title text NOT NULL,
    slot_start timestamptz NOT NULL,
    unit text NOT NULL,
    PRIMARY KEY (slot_start, account_id, seq_id, title, unit)
  );
  CREATE FUNCTION step_slots_closed_until() RETURNS timestamptz LANGUAGE sql STABLE
    AS 'SELECT closed_until FROM run_step_slot_closure';
  ${slotsOpened('')}

  ${slotTriggers(true)}
  CREATE OR REPLACE ${FOLD};
  CREATE ${CLOSE};
  CREATE OR REPLACE ${daysCloseFunction(
    `${dayStart('closing')} + interval '1 day' > least(settled_before, step_slots_closed_until())`,
  )};

  ALTER FUNCTION run_rollups_rebuild(integer) RENAME TO run_rollups_rebuild_1763861500000;
  CREATE FUNCTION run_rollups_rebuild(of_account integer) RETURNS void LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM run_rollups_rebuild_1763861500000(of_account);
    ${slotsOpened('account_id = of_account AND')}
  END $fn$;`;

const OPEN = `
  ${slotsMade('true')}
  DROP FUNCTION run_rollups_rebuild(integer);
  ALTER FUNCTION run_rollups_rebuild_1763861500000(integer) RENAME TO run_rollups_rebuild;
  CREATE OR REPLACE ${daysCloseFunction()};
  DROP FUNCTION run_step_slots_close(timestamptz);
  CREATE OR REPLACE ${FOLD_FUNCTION};
  ${slotTriggers(false)}
  DROP FUNCTION step_slots_closed_until();
  DROP TABLE run_step_slot_pending;
  DROP TABLE run_step_slot_closure;`;

/**
 * A step's quarter hour is made once, when it is over, not at every fold (issue 41;
 * docs/architecture.md, "Quarter hours closed once"). The slots' two statement triggers merged
 * each fold's values into their quarter hours (0.105 and 0.039 ms of PostgreSQL's CPU per upload),
 * and made a slot again from all its values when a fold's runs started before its latest one, as
 * runs that end after later-started ones do. Closed once, a quarter hour costs the same in start
 * order and 2.5 times less with such late runs (apps/api/bench/fold-cost.bench.ts;
 * docs/performance/history/reports-and-ingest-issue-41.md). Now run_step_slot and
 * run_step_slot_bin hold the quarter hours before `closed_until` only; a range's later quarter
 * hours are read from their values (StepSlotsRepository), as a range's edges inside a quarter
 * hour always were. The fold notes an open quarter hour's keys (run_step_slot_pending); the API
 * closes the quarter hours that ended over STEP_VALUE_FOLD_SETTLE_SECONDS ago and hold no queued
 * run (run_step_slots_close, one instance at a time): their rows made from their values by the
 * rebuild's statements, narrowed to the pending keys by index ranges. A run folded later into a
 * closed quarter hour (an offline queue's) is merged by the triggers as before. A day is closed
 * only once its quarter hours are. The down makes the open quarter hours' rows, as a closing
 * would.
 */
export class StepSlotsClosed1763861600000 implements MigrationInterface {
  name = 'StepSlotsClosed1763861600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(CLOSED);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(OPEN);
  }
}
