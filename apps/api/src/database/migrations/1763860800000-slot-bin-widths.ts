import type { MigrationInterface, QueryRunner } from 'typeorm';
import { binsRebuildFunction, binsTriggerFunction } from './1763860400000-step-slot-bins';

/** run_step_slot_bin's trigger and its part of run_rollups_rebuild (as 1763860410000 renamed it). */
const replaceBinsFunctions = async (q: QueryRunner, widthOnce: boolean) => {
  await q.query(`CREATE OR REPLACE ${binsTriggerFunction(widthOnce)}`);
  await q.query(`CREATE OR REPLACE ${binsRebuildFunction('run_rollups_rebuild_1763860400000', widthOnce)}`);
};

/**
 * The slots' bins compute each slot's bin width once, not once per value (issue 41;
 * docs/performance.md): the trigger and the rebuild of 1763860400000 named the width in a subquery
 * (`step_bin_width(min_value, max_value) AS width`), which PostgreSQL pulls up into the query
 * around it, so that every use of `width` became the call itself; step_bin_width is a SQL function
 * with a FROM, which the planner does not inline, and it ran for every value binned and, in the
 * trigger, for every bin of the slot coarsened (the trigger took 107-178 ms an upload of 20 values
 * on a loaded machine: docs/performance/history/analysis.md), and for every value of an account in
 * the rebuild, whose first part sends them all through the trigger again.
 *
 * The subquery now ends with OFFSET 0, which PostgreSQL never pulls up: its rows are computed
 * once each, and `width` is a column of them. Chosen over a MATERIALIZED CTE (run_step_day_add's
 * fence, 1763860500000) because it streams its rows, where a CTE writes them all to a tuplestore
 * first (an account's every slot, in the rebuild), and the planner still sees run_step_slot's
 * column statistics through the subquery (a CTE's columns have none); and over a width the planner
 * could inline, because an inlined expression is copied into each use and would still run per value. The bins are the same: only where the
 * width is computed changes. Rows already kept are not remade.
 */
export class SlotBinWidths1763860800000 implements MigrationInterface {
  name = 'SlotBinWidths1763860800000';

  async up(q: QueryRunner): Promise<void> {
    await replaceBinsFunctions(q, true);
  }

  async down(q: QueryRunner): Promise<void> {
    await replaceBinsFunctions(q, false);
  }
}
