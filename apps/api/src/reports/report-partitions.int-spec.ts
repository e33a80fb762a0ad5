import { testTargets } from '../../test/targets';
import { ReportsRepository } from './reports.repository';
import { capturing, ninetyDaysAgo, partitionedDatabase, runPartitionsRead } from './testing/partition-plans';

for (const target of testTargets()) {
  describe(`daily reports read only their range's partitions [${target.name}]`, () => {
    const database = partitionedDatabase(target);
    const captured = capturing();
    const repo = new ReportsRepository(captured.db);
    const { range, inRange } = ninetyDaysAgo();

    it('has partitions outside the range, so a scan of all of them would show', async () => {
      const all = await runPartitionsRead(
        database(),
        'SELECT count(*) FROM run WHERE account_id = $1 AND seq_id = $2',
        [1, 1],
      );
      expect(all.length).toBeGreaterThan(inRange.length + 8);
      expect(all).toEqual(expect.arrayContaining([...inRange, 'run_default']));
    });

    // every daily report reads its roll-up (migration 1763857300000): no partition of run at all
    it.each([
      ['pass rate', (r: ReportsRepository) => r.passRates(1, 1, range)],
      ['first-time yield', (r: ReportsRepository) => r.firstTimeYield(1, 1, range)],
      ['throughput yield', (r: ReportsRepository) => r.throughputYield(1, 1, range)],
      ['tested units', (r: ReportsRepository) => r.unitCounts(1, [1, 2], range)],
    ])('the %s of 90 days reads the roll-up, no run partition', async (_name, call) => {
      await call(repo);
      const { sql, params } = captured.last();
      expect(await runPartitionsRead(database(), sql, params)).toEqual([]);
    });
  });
}
