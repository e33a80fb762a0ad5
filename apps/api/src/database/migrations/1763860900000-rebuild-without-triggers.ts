import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The transaction-local setting run_rollups_rebuild holds 'on' while it runs. */
export const REBUILDING = 'sweepline.rollups_rebuilding';

const EACH_VALUES_INSERT = {
  table: 'run_step_value',
  fires: 'AFTER INSERT ON run_step_value REFERENCING NEW TABLE AS new_values FOR EACH STATEMENT',
};
const EACH_FAILURE = { table: 'run_failure', fires: 'AFTER INSERT ON run_failure FOR EACH ROW' };

/** The roll-up triggers on the rows run_rollups_rebuild inserts again, as their migrations made them. */
const TRIGGERS = [
  { name: 'run_step_slot_add', fn: 'run_step_slot_add', ...EACH_VALUES_INSERT },
  { name: 'run_step_slot_bins', fn: 'run_step_slot_bins', ...EACH_VALUES_INSERT },
  { name: 'run_step_slot_days', fn: 'run_step_day_add', ...EACH_VALUES_INSERT },
  { name: 'run_failure_slot_add', fn: 'run_failure_slot_add', ...EACH_FAILURE },
  { name: 'run_failure_day_add', fn: 'run_failure_day_add', ...EACH_FAILURE },
];

const recreateTriggers = (when: string) =>
  TRIGGERS.map(
    (t) => `DROP TRIGGER ${t.name} ON ${t.table};
    CREATE TRIGGER ${t.name} ${t.fires}${when} EXECUTE FUNCTION ${t.fn}();`,
  ).join('\n    ');

/**
 * run_rollups_rebuild no longer runs the roll-ups' triggers on the rows it inserts again (issue
 * 41; docs/performance/history/reports-and-ingest-issue-41.md). Its first part (1763857900000)
 * deletes and inserts again an account's step values and failures, in one statement each; the
 * triggers on run_step_value and run_failure then made the slots, their bins and the days from
 * them, statement-wide over every value of the account, and the later parts deleted all of it and
 * made it again set-based from the runs. That work was thrown away, and since the days' trigger
 * (1763860500000) it was most of the rebuild's time.
 *
 * The triggers now fire only when the transaction-local setting `sweepline.rollups_rebuilding` is
 * not 'on', which the rebuild sets for its own run and puts back after: an upload in the same
 * transaction after a rebuild still keeps its roll-ups. A setting, not DISABLE TRIGGER: that takes
 * a lock on run_step_value that would hold every account's uploads until the rebuild commits; and
 * not session_replication_role, which only a superuser may set. The rows made are the same.
 */
export class RebuildWithoutTriggers1763860900000 implements MigrationInterface {
  name = 'RebuildWithoutTriggers1763860900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
    ${recreateTriggers(`\n      WHEN (current_setting('${REBUILDING}', true) IS DISTINCT FROM 'on')`)}
    ALTER FUNCTION run_rollups_rebuild(integer) RENAME TO run_rollups_rebuild_1763860500000;
    CREATE FUNCTION run_rollups_rebuild(of_account integer) RETURNS void LANGUAGE plpgsql AS $fn$
    DECLARE
      before text := current_setting('${REBUILDING}', true);
    BEGIN
      PERFORM set_config('${REBUILDING}', 'on', true);
      PERFORM run_rollups_rebuild_1763860500000(of_account);
      PERFORM set_config('${REBUILDING}', coalesce(before, ''), true);
    END $fn$;`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
    DROP FUNCTION run_rollups_rebuild(integer);
    ALTER FUNCTION run_rollups_rebuild_1763860500000(integer) RENAME TO run_rollups_rebuild;
    ${recreateTriggers('')}`);
  }
}
