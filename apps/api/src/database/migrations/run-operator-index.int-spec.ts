import { describeEachDatabase } from '../../../test/test-app';
import { RunOperatorIndex1763861300000 } from './1763861300000-run-operator-index';

const INDEX = 'run_account_operator_time_idx';

/**
 * Migration 1763861300000 (issue 40): run's index by operator, on run and on every month's
 * partition (those made later too, which inherit it), and its down. That containment by operator
 * answers from it is measured by bench/reports.bench.ts at 1,000,000 runs; what it answers is held
 * by containment/containment.int-spec.ts.
 */
describeEachDatabase('run’s index by operator (migration 1763861300000)', (t) => {
  /** The partitions of run, and those of them whose index is a part of INDEX. */
  const coverage = async (): Promise<{ parent: boolean; partitions: number; indexed: number }> => {
    const [row] = await t().dataSource.query(
      `SELECT to_regclass($1) IS NOT NULL AS parent,
              (SELECT count(*)::int FROM pg_inherits WHERE inhparent = 'run'::regclass) AS partitions,
              (SELECT count(*)::int FROM pg_inherits WHERE inhparent = to_regclass($1)) AS indexed`,
      [INDEX],
    );
    return row;
  };

  it('indexes run and each month’s partition by account, operator and start, new months too', async () => {
    await t().dataSource.query(`SELECT run_create_month_partition(date '2031-07-01')`);
    const now = await coverage();
    expect(now.parent).toBe(true);
    expect(now.partitions).toBeGreaterThan(0);
    expect(now.indexed).toBe(now.partitions);
    const [definition] = await t().dataSource.query(`SELECT indexdef FROM pg_indexes WHERE indexname = $1`, [
      INDEX,
    ]);
    expect(definition.indexdef).toContain('(account_id, user_name, start_time)');
  });

  it('goes with its down and comes back with its up', async () => {
    const runner = t().dataSource.createQueryRunner();
    try {
      await new RunOperatorIndex1763861300000().down(runner);
      expect(await coverage()).toMatchObject({ parent: false, indexed: 0 });
    } finally {
      await new RunOperatorIndex1763861300000().up(runner);
      await runner.release();
    }
    const back = await coverage();
    expect(back.indexed).toBe(back.partitions);
  });
});
