import type { MigrationInterface, QueryRunner } from 'typeorm';
import { STEP_VALUES_OF } from './1763857400000-run-step-values';

/** An arbitrary, fixed key (beside the migrations' 7215461001 and the partitions' 7215461002). */
const FOLD_LOCK_KEY = 7_215_461_003;

/**
 * A definition of run_step_values_fold (after CREATE or CREATE OR REPLACE): the queued runs taken
 * into the arrays `accounts`, `starts` and `runs`, then `insertValues` (PL/pgSQL statements) with
 * the variables `declared` too. 1763861600000 splits the insert at the quarter hours' closure.
 */
export const foldFunction = (
  insertValues: string,
  declared = '',
) => `FUNCTION run_step_values_fold(of_account integer, batch integer, settled_before timestamptz)
  RETURNS integer
  LANGUAGE plpgsql AS $fn$
  DECLARE
    accounts integer[];
    starts timestamptz[];
    runs bigint[];${declared}
  BEGIN
    IF of_account IS NULL THEN
      IF NOT pg_try_advisory_xact_lock(${FOLD_LOCK_KEY}) THEN RETURN 0; END IF;
      WITH taken AS (
        DELETE FROM run_step_value_queue q
         WHERE (q.account_id, q.id) IN (SELECT account_id, id FROM run_step_value_queue
                                         WHERE start_time < settled_before ORDER BY start_time
                                         LIMIT batch FOR UPDATE SKIP LOCKED)
        RETURNING q.account_id, q.start_time, q.run_id)
      SELECT array_agg(account_id), array_agg(start_time), array_agg(run_id) INTO accounts, starts, runs FROM taken;
    ELSE
      -- waits for a fold that holds some of these rows; once it commits they are gone and skipped
      WITH taken AS (
        DELETE FROM run_step_value_queue WHERE account_id = of_account RETURNING account_id, start_time, run_id)
      SELECT array_agg(account_id), array_agg(start_time), array_agg(run_id) INTO accounts, starts, runs FROM taken;
    END IF;
    IF runs IS NULL THEN RETURN 0; END IF;
    ${insertValues}
    RETURN cardinality(runs);
  END $fn$`;

/** The taken runs (as run rows r) that `which` keeps (SQL on t.start_time; every one without it). */
export const takenRuns = (which?: string) =>
  `(SELECT r.* FROM unnest(accounts, starts, runs) AS t(account_id, start_time, id)
                                   JOIN run r USING (id, account_id, start_time)${which ? ` WHERE ${which}` : ''})`;

/** run_step_values_fold as this migration made it (1763861600000's down puts it back). */
export const FOLD_FUNCTION = foldFunction(`INSERT INTO run_step_value ${STEP_VALUES_OF(takenRuns())}
    ON CONFLICT DO NOTHING;`);

const FOLD = `
  CREATE TABLE run_step_value_queue (
    account_id integer NOT NULL,
    id bigserial,
    start_time timestamptz NOT NULL,
    run_id bigint NOT NULL,
    PRIMARY KEY (account_id, id)
  );
  CREATE INDEX run_step_value_queue_start_idx ON run_step_value_queue (start_time);

  CREATE OR REPLACE FUNCTION run_step_value_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO run_step_value_queue (account_id, start_time, run_id)
    SELECT account_id, start_time, id FROM new_runs WHERE result <> -1;
    RETURN NULL;
  END $$;

  CREATE ${FOLD_FUNCTION};`;

const UNFOLDED = `
  DROP FUNCTION run_step_values_fold(integer, integer, timestamptz);
  CREATE OR REPLACE FUNCTION run_step_value_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO run_step_value ${STEP_VALUES_OF('new_runs')};
    RETURN NULL;
  END $$;
  INSERT INTO run_step_value ${STEP_VALUES_OF(`(SELECT r.* FROM run_step_value_queue q
                                 JOIN run r ON r.id = q.run_id AND r.account_id = q.account_id AND r.start_time = q.start_time)`)}
  ON CONFLICT DO NOTHING;
  DROP TABLE run_step_value_queue;`;

/**
 * The upload's step values are folded shortly after it, many runs at a time (issue 41;
 * docs/architecture.md, "Step values folded after the upload"). Until now run's statement trigger
 * inserted each upload's numeric step rows into run_step_value, whose three statement triggers
 * then merged them into the quarter-hour slots, their bins and the UTC days: four statements of
 * some 1 ms each for the 13-20 values of one run, the work per statement and not per value
 * (docs/performance/history/reports-and-ingest-issue-41.md). Now the trigger queues the run's key,
 * and run_step_values_fold inserts the values of a whole batch of queued runs in one statement,
 * so the same four statements run once for the batch.
 *
 * Two callers fold: every API instance every FOLD_EVERY_MS (StepValueFolder, `of_account` NULL),
 * and a read of the step values (capability, the control chart, a freeze), which first folds its
 * account's whole queue, waiting for a fold in progress: every answer includes every run uploaded
 * before it.
 *
 * The background fold takes runs in start-time order, only those that started before
 * `settled_before` (the API passes now less STEP_VALUE_FOLD_SETTLE_SECONDS), one instance at a
 * time (an advisory lock; the others skip their turn), and skips rows a read's fold holds. A
 * slot's statistics merge an insert after the slot's values only when all its values are later
 * than the slot's latest; otherwise the slot is made again from all its values. Runs are uploaded
 * when they end, so the lab PCs' runs commit out of their start times' order by up to a test's
 * length; folded in commit order, nearly every batch met a slot holding a later value and made it
 * again, work growing with the quarter hour's values (docs/performance.md). A run that ends after
 * the settling time is still folded right, at that remake's cost.
 *
 * Folding a run whose values are already there (run_rollups_rebuild made them from the runs)
 * inserts nothing (ON CONFLICT DO NOTHING; the triggers see only the rows inserted). The queue has
 * no foreign key to account: a deleted account's queued runs fold to nothing.
 */
export class StepValuesFolded1763861400000 implements MigrationInterface {
  name = 'StepValuesFolded1763861400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(FOLD);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(UNFOLDED);
  }
}
