import type { MigrationInterface, QueryRunner } from 'typeorm';
import { UPSERT_UNIT_DAYS } from './1763856600000-report-indexes-and-unit-days';

/** The UTC day of a start time, and its quarter hour there (0-95), as run_unit_day's columns give it. */
const dayOf = (t: string) => `(${t} AT TIME ZONE 'UTC')::date`;
const slotOf = (t: string) =>
  `(date_part('hour', ${t} AT TIME ZONE 'UTC') * 4 + floor(date_part('minute', ${t} AT TIME ZONE 'UTC') / 15))::smallint`;

/**
 * run_unit_test rows of the runs in `runs` (new_runs in the trigger, run in the backfill): per
 * serial number and test, the runs of its latest stage visit (the highest stage-history id: a new
 * entry is always the current one), the latest of them (start time, then id) and the run marked
 * first.
 */
export const unitTestRows = (runs: string) => `
  SELECT DISTINCT ON (account_id, serial_number_id, seq_id)
         account_id, serial_number_id, seq_id, sn_stage_history_id,
         count(*) OVER (PARTITION BY account_id, serial_number_id, seq_id, sn_stage_history_id),
         start_time, id, result,
         max(id) FILTER (WHERE is_first) OVER unit, max(start_time) FILTER (WHERE is_first) OVER unit,
         max(result) FILTER (WHERE is_first) OVER unit
    FROM ${runs}
  WINDOW unit AS (PARTITION BY account_id, serial_number_id, seq_id)
   ORDER BY account_id, serial_number_id, seq_id, sn_stage_history_id DESC, start_time DESC, id DESC`;

export const UNIT_TEST_COLUMNS = `account_id, serial_number_id, seq_id, visit_history_id, visit_runs, latest_start,
  latest_id, latest_result, first_id, first_start, first_result`;

/** A later visit, or a later run of the same visit, replaces what the row holds. */
const LATER = `(excluded.visit_history_id > s.visit_history_id OR (excluded.visit_history_id = s.visit_history_id
  AND (excluded.latest_start, excluded.latest_id) > (s.latest_start, s.latest_id)))`;

/** run_unit_test's upsert of rows `excluded` into rows `s`; 1763857600000's trigger keeps it. */
export const UNIT_TEST_UPDATE = `
    visit_history_id = greatest(s.visit_history_id, excluded.visit_history_id),
    visit_runs = CASE WHEN excluded.visit_history_id = s.visit_history_id THEN s.visit_runs + excluded.visit_runs
                      WHEN excluded.visit_history_id > s.visit_history_id THEN excluded.visit_runs
                      ELSE s.visit_runs END,
    latest_start = CASE WHEN ${LATER} THEN excluded.latest_start ELSE s.latest_start END,
    latest_id = CASE WHEN ${LATER} THEN excluded.latest_id ELSE s.latest_id END,
    latest_result = CASE WHEN ${LATER} THEN excluded.latest_result ELSE s.latest_result END,
    first_id = coalesce(excluded.first_id, s.first_id),
    first_start = CASE WHEN excluded.first_id IS NULL THEN s.first_start ELSE excluded.first_start END,
    first_result = CASE WHEN excluded.first_id IS NULL THEN s.first_result ELSE excluded.first_result END`;

const UPSERT_UNIT_TESTS = `
  INSERT INTO run_unit_test AS s (${UNIT_TEST_COLUMNS}) ${unitTestRows('new_runs')}
  ON CONFLICT (account_id, serial_number_id, seq_id) DO UPDATE SET ${UNIT_TEST_UPDATE};`;

/** run_test_day rows of `runs`: per test, unit and UTC day, the quarter hours of its first and last run, and of its passing ones. */
export const testDayRows = (runs: string) => `
  SELECT account_id, seq_id, ${dayOf('start_time')}, serial_number_id,
         min(${slotOf('start_time')}), max(${slotOf('start_time')}),
         min(${slotOf('start_time')}) FILTER (WHERE result = 1), max(${slotOf('start_time')}) FILTER (WHERE result = 1)
    FROM ${runs} GROUP BY 1, 2, 3, 4`;

export const TEST_DAY_COLUMNS =
  'account_id, seq_id, day, serial_number_id, first_slot, last_slot, pass_first_slot, pass_last_slot';

const UPSERT_TEST_DAYS = `
  INSERT INTO run_test_day AS t (${TEST_DAY_COLUMNS}) ${testDayRows('new_runs')}
  ON CONFLICT (account_id, seq_id, serial_number_id, day) DO UPDATE SET
    first_slot = least(t.first_slot, excluded.first_slot), last_slot = greatest(t.last_slot, excluded.last_slot),
    pass_first_slot = least(t.pass_first_slot, excluded.pass_first_slot),
    pass_last_slot = greatest(t.pass_last_slot, excluded.pass_last_slot);`;

/** The run counts of run_test_slot (pass rate, first-time yield) of `runs`, the unit columns zero. */
export const slotCountRows = (runs: string) => `
  SELECT account_id, seq_id, ${dayOf('start_time')}, ${slotOf('start_time')},
         count(*) FILTER (WHERE result <> -1), count(*) FILTER (WHERE result = 1),
         count(*) FILTER (WHERE is_first), count(*) FILTER (WHERE is_first AND result = 1), 0, 0, 0, 0
    FROM ${runs} GROUP BY 1, 2, 3, 4`;

/**
 * The distinct-unit histograms (docs/architecture.md, "Report roll-ups"). A unit-day adds 1 at
 * the quarter hour of its last run ("tail") and 1 at the later of its first run's and its
 * previous UTC day's last run's ("head"). For a local day made of the UTC day T from quarter
 * hour b on and the UTC day T+1 before b (b = (96 - offset) mod 96, offset in quarter hours), the
 * units tested on it are T's tails at b or later (a run in its part of T) plus T+1's heads before
 * b (a run in its part of T+1, none in T's). So every offset's count is a sum over 96-slot rows.
 *
 * productSlots: per (product, UTC day, slot) from run_unit_day u (its prev_slot is the previous
 * UTC day's last slot), each contribution times `sign`, for the unit-days `from` gives; `row`
 * makes each a row of that table type.
 */
export const productSlots = (from: string, sign: number, row?: string) => {
  const columns = `u.account_id, u.product_id, u.day, c.slot, c.tails * ${sign}, c.heads * ${sign}`;
  return `
  SELECT ${row ? `ROW(${columns})::${row}` : columns}
    FROM ${from},
         LATERAL (VALUES (u.last_slot, 1, 0), (greatest(u.first_slot, u.prev_slot), 0, 1)) c(slot, tails, heads)`;
};

/** testSlots: the same per (test, UTC day, slot) from run_test_day t, for all runs and for passing ones (throughput yield). */
export const testSlots = (from: string, sign: number, row?: string) => {
  const columns = `t.account_id, t.seq_id, t.day, c.slot, 0, 0, 0, 0,
         c.tails * ${sign}, c.heads * ${sign}, c.pass_tails * ${sign}, c.pass_heads * ${sign}`;
  return `
  SELECT ${row ? `ROW(${columns})::${row}` : columns}
    FROM ${from}
    LEFT JOIN run_test_day p ON p.account_id = t.account_id AND p.seq_id = t.seq_id
                            AND p.serial_number_id = t.serial_number_id AND p.day = t.day - 1,
         LATERAL (VALUES (t.last_slot, 1, 0, 0, 0), (greatest(t.first_slot, p.last_slot), 0, 1, 0, 0),
                         (t.pass_last_slot, 0, 0, 1, 0),
                         (CASE WHEN t.pass_first_slot IS NOT NULL THEN greatest(t.pass_first_slot, p.pass_last_slot) END, 0, 0, 0, 1)
                 ) c(slot, tails, heads, pass_tails, pass_heads)
   WHERE c.slot IS NOT NULL`;
};

/** The unit-days of the inserted runs and the days after them (k.d): those whose contributions may change. */
const touchedKeys = (scope: string) => `
  (SELECT DISTINCT account_id, ${scope}, serial_number_id, d
     FROM new_runs, LATERAL (VALUES (${dayOf('start_time')}), (${dayOf('start_time')} + 1)) v(d)) k`;
const isKey = (scope: string, alias: string, day = 'k.d') =>
  `${alias}.account_id = k.account_id AND ${alias}.${scope} = k.${scope}
   AND ${alias}.serial_number_id = k.serial_number_id AND ${alias}.day = ${day}`;

const TOUCHED_PRODUCT_DAYS = `${touchedKeys('product_id')} JOIN run_unit_day u ON ${isKey('product_id', 'u')}`;
const TOUCHED_TEST_DAYS = `${touchedKeys('seq_id')} JOIN run_test_day t ON ${isKey('seq_id', 't')}`;

/** run_unit_day's prev_slot of the touched days (a late run may change the day after's). */
const UPDATE_PREV_SLOTS = `
  UPDATE run_unit_day n SET prev_slot = p.last_slot
    FROM ${touchedKeys('product_id')}
    LEFT JOIN run_unit_day p ON ${isKey('product_id', 'p', 'k.d - 1')}
   WHERE ${isKey('product_id', 'n')} AND n.prev_slot IS DISTINCT FROM p.last_slot;`;

/** Adds grouped rows of run_test_slot's columns, leaving out those that add nothing. */
export const addTestSlots = (rows: string) => `
  INSERT INTO run_test_slot AS h (account_id, seq_id, day, slot, decided, passed, firsts, first_passed,
                                  unit_tails, unit_heads, pass_tails, pass_heads)
  SELECT account_id, seq_id, day, slot, sum(decided), sum(passed), sum(firsts), sum(first_passed),
         sum(unit_tails), sum(unit_heads), sum(pass_tails), sum(pass_heads)
    FROM (${rows}) x(account_id, seq_id, day, slot, decided, passed, firsts, first_passed,
                     unit_tails, unit_heads, pass_tails, pass_heads)
   GROUP BY 1, 2, 3, 4
  HAVING sum(abs(decided) + abs(passed) + abs(firsts) + abs(first_passed) + abs(unit_tails) + abs(unit_heads)
             + abs(pass_tails) + abs(pass_heads)) > 0
  ON CONFLICT (account_id, seq_id, day, slot) DO UPDATE SET
    decided = h.decided + excluded.decided, passed = h.passed + excluded.passed,
    firsts = h.firsts + excluded.firsts, first_passed = h.first_passed + excluded.first_passed,
    unit_tails = h.unit_tails + excluded.unit_tails, unit_heads = h.unit_heads + excluded.unit_heads,
    pass_tails = h.pass_tails + excluded.pass_tails, pass_heads = h.pass_heads + excluded.pass_heads;`;

export const addProductSlots = (rows: string) => `
  INSERT INTO run_product_slot AS h (account_id, product_id, day, slot, unit_tails, unit_heads)
  SELECT account_id, product_id, day, slot, sum(unit_tails), sum(unit_heads)
    FROM (${rows}) x(account_id, product_id, day, slot, unit_tails, unit_heads)
   GROUP BY 1, 2, 3, 4 HAVING sum(abs(unit_tails)) + sum(abs(unit_heads)) > 0
  ON CONFLICT (account_id, product_id, day, slot) DO UPDATE SET
    unit_tails = h.unit_tails + excluded.unit_tails, unit_heads = h.unit_heads + excluded.unit_heads;`;

/**
 * The inserted or updated run as the one-row table new_runs that the roll-ups' SQL reads. Row
 * triggers, not statement triggers with transition tables: PL/pgSQL keeps the plans of
 * statements that read NEW's fields, while a statement reading a transition table is planned
 * again at every call, which cost an upload more than all the statements' work
 * (docs/performance/history/reports-and-ingest-issue-27.md).
 */
const NEW_RUN = `SELECT NEW.id AS id, NEW.account_id AS account_id, NEW.product_id AS product_id, NEW.seq_id AS seq_id,
  NEW.serial_number_id AS serial_number_id, NEW.sn_stage_history_id AS sn_stage_history_id,
  NEW.start_time AS start_time, NEW.result AS result, NEW.is_first AS is_first`;
const withNewRun = (statement: string) => `WITH new_runs AS (${NEW_RUN}) ${statement.trim()}`;

/**
 * The row trigger on INSERT: every roll-up of the inserted run, in the inserting transaction
 * (the upload's, a seed's, a fixture's). The histograms change by what the touched unit-days
 * contributed before (kept in arrays) against what they contribute after.
 */
export const INSERT_FUNCTION = `
  CREATE OR REPLACE FUNCTION run_rollup_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    product_before run_product_slot[];
    test_before run_test_slot[];
  BEGIN
    product_before := ARRAY(${withNewRun(productSlots(TOUCHED_PRODUCT_DAYS, -1, 'run_product_slot'))});
    test_before := ARRAY(${withNewRun(testSlots(TOUCHED_TEST_DAYS, -1, 'run_test_slot'))});
    ${withNewRun(UPSERT_UNIT_DAYS)}
    ${withNewRun(UPDATE_PREV_SLOTS)}
    ${withNewRun(addProductSlots(`SELECT * FROM unnest(product_before) UNION ALL ${productSlots(TOUCHED_PRODUCT_DAYS, 1)}`))}
    ${withNewRun(UPSERT_TEST_DAYS)}
    ${withNewRun(
      addTestSlots(
        `SELECT * FROM unnest(test_before) UNION ALL ${testSlots(TOUCHED_TEST_DAYS, 1)} UNION ALL ${slotCountRows('new_runs')}`,
      ),
    )}
    ${withNewRun(UPSERT_UNIT_TESTS)}
    RETURN NULL;
  END $$;`;

/** The run whose first-run mark an UPDATE changed (the trigger's WHEN); its other rolled-up columns never change. */
const REMARKED = `(${NEW_RUN}) c`;

/** The row trigger on UPDATE of is_first: the first-time yield's counts and run_unit_test's first run follow it. */
const UPDATE_FUNCTION = `
  CREATE OR REPLACE FUNCTION run_rollup_update() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${addTestSlots(`
      SELECT account_id, seq_id, ${dayOf('start_time')}, ${slotOf('start_time')}, 0, 0,
             CASE WHEN is_first THEN 1 ELSE -1 END, CASE WHEN result <> 1 THEN 0 WHEN is_first THEN 1 ELSE -1 END,
             0, 0, 0, 0
        FROM ${REMARKED}`)}
    UPDATE run_unit_test s SET first_id = NULL, first_start = NULL, first_result = NULL
      FROM ${REMARKED}
     WHERE NOT c.is_first AND s.account_id = c.account_id AND s.serial_number_id = c.serial_number_id
       AND s.seq_id = c.seq_id AND s.first_id = c.id;
    UPDATE run_unit_test s SET first_id = c.id, first_start = c.start_time, first_result = c.result
      FROM ${REMARKED}
     WHERE c.is_first AND s.account_id = c.account_id AND s.serial_number_id = c.serial_number_id
       AND s.seq_id = c.seq_id;
    RETURN NULL;
  END $$;`;

/**
 * Uploads that read no run, and daily reports that read no run (issue 27; docs/architecture.md
 * "Report roll-ups", docs/performance.md):
 * - run_unit_test: what the upload reads under the serial number's lock, per unit and test: its
 *   runs in the current stage visit, the latest of them, and its first run. Those reads had no
 *   start time to prune by and probed an index of every monthly partition of run.
 * - run_test_day: per test, unit and UTC day, the quarter hours of its first and last run and of
 *   its first and last passing run (run_unit_day's per-test twin, for the throughput yield).
 * - run_test_slot: per test, UTC day and quarter hour, the runs passed or failed and passed (pass
 *   rate), the first runs and those passed (first-time yield), and the units' tails and heads,
 *   of all runs and of passing ones (throughput yield). run_product_slot: the tails and heads of
 *   run_unit_day (tested units). Zone offsets are whole quarter hours, so every local day of every
 *   allowed offset is a sum of these rows: a report reads at most 96 rows per day and product or
 *   test, whatever the number of runs.
 * - run_unit_day_slots_idx goes: no query reads it any more, and every upload wrote it.
 * Kept by row triggers on run (INSERT, and UPDATE of the first-run mark), which replace
 * run_unit_day_rollup; the existing runs are rolled up here.
 */
export class UploadStateAndReportRollups1763857300000 implements MigrationInterface {
  name = 'UploadStateAndReportRollups1763857300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE run_unit_test (
        account_id integer NOT NULL,
        serial_number_id integer NOT NULL,
        seq_id integer NOT NULL,
        visit_history_id integer NOT NULL,
        visit_runs integer NOT NULL,
        latest_start timestamptz NOT NULL,
        latest_id bigint NOT NULL,
        latest_result smallint NOT NULL,
        first_id bigint,
        first_start timestamptz,
        first_result smallint,
        PRIMARY KEY (account_id, serial_number_id, seq_id)
      );
      CREATE TABLE run_test_day (
        account_id integer NOT NULL,
        seq_id integer NOT NULL,
        day date NOT NULL,
        serial_number_id integer NOT NULL,
        first_slot smallint NOT NULL,
        last_slot smallint NOT NULL,
        pass_first_slot smallint,
        pass_last_slot smallint,
        PRIMARY KEY (account_id, seq_id, serial_number_id, day)
      );
      CREATE TABLE run_test_slot (
        account_id integer NOT NULL,
        seq_id integer NOT NULL,
        day date NOT NULL,
        slot smallint NOT NULL CHECK (slot BETWEEN 0 AND 95),
        decided integer NOT NULL,
        passed integer NOT NULL,
        firsts integer NOT NULL,
        first_passed integer NOT NULL,
        unit_tails integer NOT NULL,
        unit_heads integer NOT NULL,
        pass_tails integer NOT NULL,
        pass_heads integer NOT NULL,
        PRIMARY KEY (account_id, seq_id, day, slot)
      );
      CREATE TABLE run_product_slot (
        account_id integer NOT NULL,
        product_id integer NOT NULL,
        day date NOT NULL,
        slot smallint NOT NULL CHECK (slot BETWEEN 0 AND 95),
        unit_tails integer NOT NULL,
        unit_heads integer NOT NULL,
        PRIMARY KEY (account_id, product_id, day, slot)
      );

      INSERT INTO run_unit_test (${UNIT_TEST_COLUMNS}) ${unitTestRows('run')};
      INSERT INTO run_test_day (${TEST_DAY_COLUMNS}) ${testDayRows('run')};
      ${addTestSlots(`${testSlots('run_test_day t', 1)} UNION ALL ${slotCountRows('run')}`)}
      ${addProductSlots(productSlots('run_unit_day u', 1))}

      DROP INDEX run_unit_day_slots_idx;
      DROP TRIGGER run_unit_day_rollup ON run;
      DROP FUNCTION run_unit_day_rollup();
      ${INSERT_FUNCTION}
      ${UPDATE_FUNCTION}
      CREATE TRIGGER run_rollup_insert AFTER INSERT ON run FOR EACH ROW EXECUTE FUNCTION run_rollup_insert();
      CREATE TRIGGER run_rollup_update AFTER UPDATE OF is_first ON run
        FOR EACH ROW WHEN (OLD.is_first IS DISTINCT FROM NEW.is_first) EXECUTE FUNCTION run_rollup_update();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER run_rollup_update ON run;
      DROP TRIGGER run_rollup_insert ON run;
      DROP FUNCTION run_rollup_update();
      DROP FUNCTION run_rollup_insert();
      DROP TABLE run_product_slot, run_test_slot, run_test_day, run_unit_test;
      CREATE INDEX run_unit_day_slots_idx
        ON run_unit_day (account_id, product_id, day, first_slot, last_slot, prev_slot);
      CREATE FUNCTION run_unit_day_rollup() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        ${UPSERT_UNIT_DAYS}
        ${UPDATE_PREV_SLOTS}
        RETURN NULL;
      END $fn$;
      CREATE TRIGGER run_unit_day_rollup AFTER INSERT ON run REFERENCING NEW TABLE AS new_runs
        FOR EACH STATEMENT EXECUTE FUNCTION run_unit_day_rollup();
    `);
  }
}
