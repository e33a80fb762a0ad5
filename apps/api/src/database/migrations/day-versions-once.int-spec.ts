import { describeEachDatabase } from '../../../test/test-app';
import { dayAddFunction } from './1763860500000-step-days';
import { DayVersionsOnce1763861200000 } from './1763861200000-day-versions-once';
import { StepDaysClosed1763861500000 } from './1763861500000-step-days-closed';

/** A function's text as PostgreSQL keeps it (prosrc): what its definition holds between the $$. */
const bodyOf = (definition: string) => definition.split('$$')[1];

/**
 * Migration 1763861200000 (issues 5 and 41): run_step_day_add computes a day's versions once
 * (MATERIALIZED), and its down puts 1763860500000's text back. The day rows it keeps, late and
 * concurrent uploads included, are held to their definition by reports/step-day-rollup.int-spec.ts.
 * Migration 1763861500000 replaced the function again (closed days only), so it is undone first.
 */
describeEachDatabase('a late day’s versions computed once (migration 1763861200000)', (t) => {
  const stored = async (): Promise<string> =>
    (await t().dataSource.query(`SELECT prosrc FROM pg_proc WHERE proname = 'run_step_day_add'`))[0].prosrc;

  it('keeps the trigger with the versions materialized, and down puts back 1763860500000’s text', async () => {
    expect(bodyOf(dayAddFunction(true))).toContain('v AS MATERIALIZED (SELECT');
    const runner = t().dataSource.createQueryRunner();
    try {
      await new StepDaysClosed1763861500000().down(runner);
      expect(await stored()).toBe(bodyOf(dayAddFunction(true)));
      await new DayVersionsOnce1763861200000().down(runner);
      expect(await stored()).toBe(bodyOf(dayAddFunction(false)));
      await new DayVersionsOnce1763861200000().up(runner);
      expect(await stored()).toBe(bodyOf(dayAddFunction(true)));
    } finally {
      await new StepDaysClosed1763861500000().up(runner);
      await runner.release();
    }
    expect(await stored()).toBe(bodyOf(dayAddFunction(true, true)));
  });
});
