import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  addProductSlots,
  addTestSlots,
  productSlots,
  slotCountRows,
  TEST_DAY_COLUMNS,
  testDayRows,
  testSlots,
  UNIT_TEST_COLUMNS,
  unitTestRows,
} from './1763857300000-upload-state-and-report-rollups';
import { STEP_VALUES_OF } from './1763857400000-run-step-values';
import { FAILING_TITLES } from './1763857500000-run-failures';

/** The roll-up tables kept by the triggers on run, each holding account_id. */
const ROLLUPS = [
  'run_unit_day',
  'run_unit_test',
  'run_test_day',
  'run_test_slot',
  'run_product_slot',
  'run_step_value',
  'run_failure',
];

/** One account's rows of a table, for the set-based SQL of the earlier migrations (which adds an alias or wants one). */
const ofAccount = (table: string) => `(SELECT * FROM ${table} WHERE account_id = of_account)`;

/**
 * run_rollups_rebuild(account): every roll-up row of one account made anew from its runs, set-based
 * (docs/architecture.md, "Roll-ups kept by the upload transaction"). The row triggers on run keep
 * the roll-ups one run at a time, about two thirds of a bulk insert's time (docs/performance.md); a
 * bulk writer that inserts an account's runs with the triggers off (session_replication_role =
 * replica, as tools/seed's scale mode does) calls this once afterwards, in its transaction, and
 * gets the rows the triggers would have written: the same SQL the migrations used to fill each
 * roll-up from existing runs, restricted to the account. tools/seed's spec holds the two equal on
 * the demo account.
 *
 * Runs are read as they are now (is_first included), so it also repairs an account whose roll-ups
 * were lost or damaged. It holds the account's roll-up rows deleted until it commits; reports of
 * that account read the old rows meanwhile (MVCC), and uploads to it wait on their rows' keys.
 */
const REBUILD_FUNCTION = `
  CREATE FUNCTION run_rollups_rebuild(of_account integer) RETURNS void LANGUAGE plpgsql AS $fn$
  BEGIN
    ${ROLLUPS.map((table) => `DELETE FROM ${table} WHERE account_id = of_account;`).join('\n    ')}
    -- the unit-test rows' window sort in memory where it fits
    PERFORM set_config('work_mem', '256MB', true);

    INSERT INTO run_unit_day (account_id, product_id, day, serial_number_id, first_start, last_start)
    SELECT account_id, product_id, (start_time AT TIME ZONE 'UTC')::date, serial_number_id, min(start_time), max(start_time)
      FROM run WHERE account_id = of_account
     GROUP BY 1, 2, 3, 4;
    UPDATE run_unit_day n SET prev_slot = p.last_slot
      FROM run_unit_day p
     WHERE n.account_id = of_account AND p.account_id = of_account AND p.product_id = n.product_id
       AND p.day = n.day - 1 AND p.serial_number_id = n.serial_number_id;

    INSERT INTO run_unit_test (${UNIT_TEST_COLUMNS}) ${unitTestRows(`${ofAccount('run')} r`)};
    INSERT INTO run_test_day (${TEST_DAY_COLUMNS}) ${testDayRows(`${ofAccount('run')} r`)};
    ${addTestSlots(`${testSlots(`${ofAccount('run_test_day')} t`, 1)} UNION ALL ${slotCountRows(`${ofAccount('run')} r`)}`)}
    ${addProductSlots(productSlots(`${ofAccount('run_unit_day')} u`, 1))}

    -- in run's order, the order uploads leave them in, not sorted by key as the migrations did:
    -- step values are read by index-only scans since 1763857700000, whatever the heap's order, and
    -- a sort of 10,000,000 runs' step values would spill tens of GB to disk
    INSERT INTO run_step_value ${STEP_VALUES_OF(ofAccount('run'))};
    INSERT INTO run_failure (account_id, seq_id, start_time, run_id, aborted, steps)
    SELECT r.account_id, r.seq_id, r.start_time, r.id, r.result = -1, ${FAILING_TITLES('r.steps')}
      FROM run r WHERE r.account_id = of_account AND r.result <> 1;
  END $fn$;`;

export class RollupRebuild1763857900000 implements MigrationInterface {
  name = 'RollupRebuild1763857900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(REBUILD_FUNCTION);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION run_rollups_rebuild(integer)');
  }
}
