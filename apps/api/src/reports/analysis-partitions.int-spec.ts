import { DataSource } from 'typeorm';
import { createTestDatabase, dropTestDatabase } from '../../test/test-app';
import { testTargets } from '../../test/targets';
import { AnalysisRepository } from './analysis.repository';
import { reportRange } from './report-range';
import { capturing, DAY_MS, monthsOf, runPartitionsRead } from './testing/partition-plans';

for (const target of testTargets()) {
  describe(`measurement analytics read only their range's partitions [${target.name}]`, () => {
    let url: string;
    let db: DataSource;
    const captured = capturing();
    const repo = new AnalysisRepository(captured.db);
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
      await db.query(`SELECT run_create_month_partition((date_trunc('month', now()) - make_interval(months => i))::date)
                        FROM generate_series(1, 12) i`);
    });
    afterAll(async () => {
      await db?.destroy();
      await dropTestDatabase(target, url);
    });

    it.each([
      ['step picker', (r: AnalysisRepository) => r.measuredSteps(1, 1, range)],
      ['step rows (capability, control chart)', (r: AnalysisRepository) => r.stepRows(1, 1, 'Gain', range)],
      ['runs check', (r: AnalysisRepository) => r.hasRuns(1, 1, range)],
      ['Pareto groups', (r: AnalysisRepository) => r.failureGroups(1, [1, 2], range)],
      ['versions', (r: AnalysisRepository) => r.versions(1, [1, 2], range)],
      ['failed runs of a bar', (r: AnalysisRepository) => r.failedRuns(1, [1], range, 'Gain', 'every')],
      ['aborted runs', (r: AnalysisRepository) => r.failedRuns(1, [1], range, null, 'first')],
      ['trace band', (r: AnalysisRepository) => r.bandTraces(1, 1, 'Gain', range)],
    ])('the %s of 90 days reads its months alone', async (_name, call) => {
      await call(repo);
      const { sql, params } = captured.last();
      expect(await runPartitionsRead(db, sql, params)).toEqual(inRange);
    });
  });
}
