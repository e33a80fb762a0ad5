import type { Member } from '../../../test/fixtures';
import { createManager } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import type { AnalysisRun } from '../../reports/testing/analysis-fixtures';
import { insertTestWithRuns, measured } from '../../reports/testing/analysis-fixtures';
import { Verdict } from '@sweepline/domain';
import { functionCalls } from '../testing/function-calls';
import { RebuildWithoutTriggers1763860900000 } from './1763860900000-rebuild-without-triggers';

/** The roll-up trigger functions on run_step_value and run_failure. */
const TRIGGER_FUNCTIONS = [
  'run_step_slot_add',
  'run_step_slot_bins',
  'run_step_day_add',
  'run_failure_slot_add',
  'run_failure_day_add',
];
const none = Object.fromEntries(TRIGGER_FUNCTIONS.map((name) => [name, 0]));
/** One insert of the values and one of the failures: the statement triggers once, the row triggers once a failure. */
const FAILURES = 7;
const everyTrigger = {
  run_step_slot_add: 1,
  run_step_slot_bins: 1,
  run_step_day_add: 1,
  run_failure_slot_add: FAILURES,
  run_failure_day_add: FAILURES,
};

/** 20 runs a minute apart, every third failed (FAILURES): values and failures for every trigger. */
const runs = (productId: number, seqId: number): AnalysisRun[] =>
  Array.from({ length: 20 }, (_, i) => ({
    sn: `R-${i}`,
    productId,
    seqId,
    start: new Date(Date.UTC(2025, 4, 1) + i * 60_000).toISOString(),
    result: i % 3 === 0 ? Verdict.Failed : Verdict.Passed,
    version: 1,
    steps: [measured('Gain', i % 3 === 0 ? 22 : 20 + i / 100, 19, 21)],
  }));

/** A day-later copy of the account's values and failures, as an upload would insert them. */
const UPLOAD = [
  `INSERT INTO run_step_value (account_id, seq_id, title, start_time, run_id, sn, seq_version, value, lower, upper, unit)
   SELECT account_id, seq_id, title, start_time + interval '1 day', run_id, sn, seq_version, value, lower, upper, unit
     FROM run_step_value WHERE account_id = $1`,
  `INSERT INTO run_failure (account_id, seq_id, start_time, run_id, aborted, steps)
   SELECT account_id, seq_id, start_time + interval '1 day', run_id, aborted, steps
     FROM run_failure WHERE account_id = $1`,
];

/**
 * Migration 1763860900000 (issue 41): run_rollups_rebuild inserts an account's step values and
 * failures again without the roll-ups' triggers, whose rows its later parts made anew anyway; an
 * insert after it in the same transaction runs them again, and down puts the triggers back as they
 * fired before.
 */
describeEachDatabase('the roll-ups’ rebuild without their triggers (migration 1763860900000)', (t) => {
  let manager: Member;
  const calls = (work: string | string[]) =>
    functionCalls(t().dataSource, TRIGGER_FUNCTIONS, work, [manager.accountId!]);
  const REBUILD = 'SELECT run_rollups_rebuild($1)';

  beforeAll(async () => {
    manager = await createManager(t());
    await insertTestWithRuns(t(), manager.accountId!, 'Rebuilt', runs);
  });

  it('runs none of the triggers on the rows it inserts again', async () => {
    expect(await calls(REBUILD)).toEqual(none);
  });

  it('leaves them on for what the same transaction inserts after it', async () => {
    expect(await calls([REBUILD, ...UPLOAD])).toEqual(everyTrigger);
  });

  it('runs them in the rebuild again after down, and not after up', async () => {
    const runner = t().dataSource.createQueryRunner();
    try {
      await new RebuildWithoutTriggers1763860900000().down(runner);
      expect(await calls(REBUILD)).toEqual(everyTrigger);
    } finally {
      await new RebuildWithoutTriggers1763860900000().up(runner);
      await runner.release();
    }
    expect(await calls(REBUILD)).toEqual(none);
  });
});
