import { testTargets } from '../../test/targets';
import { AnalysisRepository } from './analysis.repository';
import {
  capturing,
  ninetyDaysAgo,
  partitionedDatabase,
  relationsRead,
  runPartitionsRead,
} from './testing/partition-plans';

for (const target of testTargets()) {
  describe(`measurement analytics read only their range's partitions [${target.name}]`, () => {
    const database = partitionedDatabase(target);
    const captured = capturing();
    const repo = new AnalysisRepository(captured.db);
    const { range, inRange } = ninetyDaysAgo();

    it.each([
      ['step picker', (r: AnalysisRepository) => r.measuredSteps(1, 1, range)],
      ['rows without a number', (r: AnalysisRepository) => r.notNumericRows(1, 1, 'Gain', range, [1, 2])],
      ['step check', (r: AnalysisRepository) => r.hasStepRow(1, 1, 'Gain', range)],
      ['runs check', (r: AnalysisRepository) => r.hasRuns(1, 1, range)],
      ['failed runs of a bar', (r: AnalysisRepository) => r.failedRuns(1, [1], range, 'Gain', 'every')],
      ['aborted runs', (r: AnalysisRepository) => r.failedRuns(1, [1], range, null, 'first')],
      ['trace band', (r: AnalysisRepository) => r.bandTraces(1, 1, 'Gain', range)],
    ])('the %s of 90 days reads its months alone', async (_name, call) => {
      await call(repo);
      const { sql, params } = captured.last();
      expect(await runPartitionsRead(database(), sql, params)).toEqual(inRange);
    });

    it("the Pareto groups of 90 days read the failure roll-up's days and partial days' quarter hours, not run", async () => {
      await repo.failureGroups(1, [1, 2], range);
      const { sql, params } = captured.last();
      // run_failure only for a range's edges inside a quarter hour: an empty index range here
      expect(await relationsRead(database(), sql, params)).toEqual([
        'run_failure',
        'run_failure_day',
        'run_failure_slot',
      ]);
    });

    it("the versions of 90 days read run_version_day, and run only in its partial days' months", async () => {
      await repo.versions(1, [1, 2], range);
      const { sql, params } = captured.last();
      // local days at +5:30: the first and the last UTC day are partial
      expect(await runPartitionsRead(database(), sql, params)).toEqual([inRange[0], inRange.at(-1)]);
      expect(await relationsRead(database(), sql, params)).toContain('run_version_day');
    });

    it("the step values of 90 days (capability, control chart) read the roll-up's months alone", async () => {
      await repo.stepValues(1, 1, 'Gain', range);
      const { sql, params } = captured.last();
      expect(await runPartitionsRead(database(), sql, params, 'run_step_value')).toEqual(
        inRange.map((name) => name.replace(/^run_/, 'run_step_value_')),
      );
    });
  });
}
