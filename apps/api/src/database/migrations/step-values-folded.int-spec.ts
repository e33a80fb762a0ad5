import { Verdict } from '@sweepline/domain';
import type { Member } from '../../../test/fixtures';
import { createManager } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import { insertTestWithRuns, measured, type AnalysisRun } from '../../reports/testing/analysis-fixtures';
import { StepValueFolder } from '../../reports/step-value-folder';
import { StepValuesFolded1763861400000 } from './1763861400000-step-values-folded';

const runs = (productId: number, seqId: number): AnalysisRun[] =>
  Array.from({ length: 6 }, (_, i) => ({
    sn: `Q-${i}`,
    productId,
    seqId,
    start: new Date(Date.UTC(2025, 5, 2) + i * 60_000).toISOString(),
    result: Verdict.Passed,
    version: 1,
    steps: [measured('Gain', 20 + i / 10, 19, 21), measured('Loss', 0.5, 0, 1)],
  }));

/**
 * Migration 1763861400000 (issue 41): run's trigger queues a run instead of writing its step
 * values; its down folds what is still queued and writes them in the inserting transaction again,
 * and its up queues again. The fold itself is held by reports/step-value-fold.int-spec.ts.
 */
describeEachDatabase('step values folded after the upload (migration 1763861400000)', (t) => {
  let manager: Member;
  const count = async (table: string): Promise<number> => {
    const [row] = await t().dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE account_id = $1`,
      [manager.accountId],
    );
    return row.n;
  };
  /** Copies of the account's runs a day later: as many new runs, queued or written by the trigger. */
  const copyRuns = () =>
    t().dataSource.query(
      `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                        client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps, is_first)
       SELECT account_id, product_id, seq_id, serial_number_id, sn, 0, run_no + 1, gen_random_uuid()::text,
              seq_version, start_time + interval '1 day', end_time + interval '1 day', result, NULL, 'fixture',
              steps, false
         FROM run WHERE account_id = $1 AND run_no = (SELECT max(run_no) FROM run WHERE account_id = $1)`,
      [manager.accountId],
    );

  beforeAll(async () => {
    // what is queued stays queued until the spec says
    await t().app.get(StepValueFolder).onModuleDestroy();
    manager = await createManager(t());
    await insertTestWithRuns(t(), manager.accountId!, 'Queued', runs);
  });

  it('queues the runs an insert writes, without their values', async () => {
    const values = await count('run_step_value');
    expect(values).toBe(12);
    await copyRuns();
    expect(await count('run_step_value_queue')).toBe(6);
    expect(await count('run_step_value')).toBe(values);
  });

  it('folds what is queued on its down, writes values at insert again, and queues after its up', async () => {
    const runner = t().dataSource.createQueryRunner();
    try {
      await new StepValuesFolded1763861400000().down(runner);
      const [queue] = await t().dataSource.query(`SELECT to_regclass('run_step_value_queue') AS q`);
      expect(queue.q).toBeNull();
      expect(await count('run_step_value')).toBe(24);
      await copyRuns();
      expect(await count('run_step_value')).toBe(36);
    } finally {
      await new StepValuesFolded1763861400000().up(runner);
      await runner.release();
    }
    await copyRuns();
    expect(await count('run_step_value_queue')).toBe(6);
    expect(await count('run_step_value')).toBe(36);
  });
});
