import { DataSource } from 'typeorm';
import { createTestDatabase, dropTestDatabase } from '../../test/test-app';
import { testTargets } from '../../test/targets';
import { reportRange } from './report-range';
import { ReportsRepository } from './reports.repository';
import { capturing, DAY_MS, monthsOf, runPartitionsRead } from './testing/partition-plans';

for (const target of testTargets()) {
  describe(`daily reports read only their range's partitions [${target.name}]`, () => {
    let url: string;
    let db: DataSource;
    const captured = capturing();
    const repo = new ReportsRepository(captured.db);
    // 90 days ending 40 days ago, at zone offset +5.5 (local days reach into the UTC day before)
    const stop = Date.now() - 40 * DAY_MS;
    const range = reportRange({
      start_time: String(stop - 89 * DAY_MS),
      stop_time: String(stop),
      zone_offset: '5.5',
    });
    const inRange = monthsOf(Date.parse(range.from), Date.parse(range.to));

    beforeAll(async () => {
      url = await createTestDatabase(target);
      db = new DataSource({ type: 'postgres', url });
      await db.initialize();
      // a year of monthly partitions before this month's
      await db.query(`SELECT run_create_month_partition((date_trunc('month', now()) - make_interval(months => i))::date)
                        FROM generate_series(1, 12) i`);
    });
    afterAll(async () => {
      await db?.destroy();
      await dropTestDatabase(target, url);
    });

    it('has partitions outside the range, so a scan of all of them would show', async () => {
      const all = await runPartitionsRead(
        db,
        'SELECT count(*) FROM run WHERE account_id = $1 AND seq_id = $2',
        [1, 1],
      );
      expect(all.length).toBeGreaterThan(inRange.length + 8);
      expect(all).toEqual(expect.arrayContaining([...inRange, 'run_default']));
    });

    it.each([
      ['pass rate', (r: ReportsRepository) => r.passRates(1, 1, range)],
      ['first-time yield', (r: ReportsRepository) => r.firstTimeYield(1, 1, range)],
      ['throughput yield', (r: ReportsRepository) => r.throughputYield(1, 1, range)],
    ])('the %s of 90 days reads its months alone', async (_name, call) => {
      await call(repo);
      const { sql, params } = captured.last();
      expect(await runPartitionsRead(db, sql, params)).toEqual(inRange);
    });

    it('tested units read the roll-up, no run partition', async () => {
      await repo.unitCounts(1, [1, 2], range);
      const { sql, params } = captured.last();
      expect(await runPartitionsRead(db, sql, params)).toEqual([]);
    });
  });
}
