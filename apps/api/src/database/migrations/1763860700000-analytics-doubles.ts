import type { MigrationInterface, QueryRunner } from 'typeorm';
import { JS_DOUBLES, PLAIN_DOUBLES, type SqlDoubles } from '../sql-doubles';
import { slotAddFunction, slotRebuildFunction } from './1763860100000-step-slot-statistics';

/** run_step_slot's trigger and its part of run_rollups_rebuild (as 1763860110000 renamed it) with `doubles`. */
const replaceSlotFunctions = async (q: QueryRunner, doubles: SqlDoubles) => {
  await q.query(slotAddFunction(doubles));
  await q.query(slotRebuildFunction('run_rollups_rebuild_1763860100000', doubles));
};

/**
 * An upload of tiny values no longer fails with a 500 (docs/measurements.md, "Capability from
 * merged statistics"): run_step_slot's statistics squared deviations and divided sums by counts
 * with PostgreSQL's operators, which refuse a product or quotient that underflows to 0 (values 0
 * and 1e-170 in one quarter hour, or 0 and 5e-324). They now square a deviation below 1e-150 to 0,
 * as libs/domain does, and give 0 where a quotient rounds to 0, as JavaScript does. The other
 * float8 arithmetic of the analytics' triggers and functions cannot underflow: the bins' widths and
 * indices (1763860400000) never divide or halve a subnormal, and the day tables only count. Rows
 * already kept are not remade: no upload that these functions refused was stored.
 */
export class AnalyticsDoubles1763860700000 implements MigrationInterface {
  name = 'AnalyticsDoubles1763860700000';

  async up(q: QueryRunner): Promise<void> {
    await replaceSlotFunctions(q, JS_DOUBLES);
  }

  async down(q: QueryRunner): Promise<void> {
    await replaceSlotFunctions(q, PLAIN_DOUBLES);
  }
}
