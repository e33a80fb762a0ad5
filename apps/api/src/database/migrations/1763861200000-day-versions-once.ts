import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dayAddFunction } from './1763860500000-step-days';

/**
 * A late upload no longer costs a quarter of a second (issues 5 and 41; docs/performance.md,
 * "Reports and ingest"). run_step_day_add makes a day again from its slots when a run is not the
 * day's latest (a late upload, or a concurrent one that committed second). Its versions per day
 * were a subquery joined to the slots' rows; the planner, which sees one row in a CTE it has not
 * read, joined them by a nested loop and computed the versions again for every slot row, sorting
 * all the rows each time: 55 ms for the 689 slot rows of 13 days of one run at 1,000,000 runs,
 * growing with the square of a day's slots. The versions are now MATERIALIZED: computed once, then
 * scanned. The rows are the same.
 */
export class DayVersionsOnce1763861200000 implements MigrationInterface {
  name = 'DayVersionsOnce1763861200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE OR REPLACE ${dayAddFunction(true)}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE OR REPLACE ${dayAddFunction(false)}`);
  }
}
