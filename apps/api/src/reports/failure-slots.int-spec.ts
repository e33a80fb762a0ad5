import type { Member } from '../../test/fixtures';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { FailureSlots1763860110000 } from '../database/migrations/1763860110000-failure-slots';
import { redoMigration } from '../database/testing/redo-migration';
import { AnalysisRepository, type FailureGroup } from './analysis.repository';
import type { AnalysisRun } from './testing/analysis-fixtures';
import { heading, insertAnalysisRuns, measured } from './testing/analysis-fixtures';
import { insertProduct, insertSeq } from './testing/report-fixtures';

const START = Date.UTC(2025, 6, 1);

/** Run i: every 7 minutes, failing Gain, Gain and Match, or nothing (passed), one in nine aborted. */
function runOf(productId: number, seqId: number, i: number): AnalysisRun {
  const failGain = i % 3 === 0;
  const failMatch = i % 4 === 0;
  return {
    sn: `F-${i}`,
    productId,
    seqId,
    start: new Date(START + i * 7 * 60_000).toISOString(),
    result: i % 9 === 4 ? -1 : failGain || failMatch ? 0 : 1,
    version: 1,
    steps: [
      heading('Band'),
      measured('Gain', failGain ? 20 : 11, 10, 12),
      measured('Match', failMatch ? 5 : 20, 15, null),
    ],
  };
}

const sorted = (groups: FailureGroup[]) =>
  groups
    .map((g) => ({ ...g, steps: [...g.steps] }))
    .sort((a, b) =>
      JSON.stringify([a.seqId, a.aborted, a.steps]).localeCompare(
        JSON.stringify([b.seqId, b.aborted, b.steps]),
      ),
    );

/**
 * run_failure_slot (migration 1763860110000): the failure Pareto's groups per quarter hour, which
 * give the same groups as run_failure's rows for any range, edges inside a quarter hour included.
 */
describeEachDatabase('the failure roll-up run_failure_slot', (t) => {
  let manager: Member;
  let seqId: number;
  const repo = () => t().app.get(AnalysisRepository);

  /** The groups straight from run_failure, one row per run, as the Pareto read them before the slots. */
  const rowWise = (from: number, until: number): Promise<FailureGroup[]> =>
    t().dataSource.query(
      `SELECT seq_id AS "seqId", aborted, CASE WHEN aborted THEN '{}' ELSE steps END AS steps, count(*)::int AS runs
         FROM run_failure WHERE account_id = $1 AND seq_id = $2 AND start_time >= $3 AND start_time < $4
        GROUP BY 1, 2, 3`,
      [manager.accountId, seqId, new Date(from).toISOString(), new Date(until).toISOString()],
    );
  const fromSlots = (from: number, until: number) =>
    repo().failureGroups(manager.accountId!, [seqId], {
      days: [],
      from: new Date(from).toISOString(),
      until: new Date(until).toISOString(),
      offsetMinutes: 0,
    });

  beforeAll(async () => {
    manager = await createManager(t());
    const productId = await insertProduct(t(), manager.accountId!, 'Diplexer');
    seqId = await insertSeq(t(), manager.accountId!, productId, 'Final');
    await insertAnalysisRuns(
      t(),
      manager.accountId!,
      Array.from({ length: 120 }, (_, i) => runOf(productId, seqId, i)),
    );
  });

  it.each([
    ['whole quarter hours', 0, 14 * 3600_000],
    ['edges inside quarter hours', 7 * 60_000 + 1, 9 * 3600_000 + 3 * 60_000],
    ['a range inside one quarter hour', 15 * 60_000 + 1, 29 * 60_000],
  ])('gives the groups of run_failure for %s', async (_name, a, b) => {
    const want = await rowWise(START + a, START + b);
    expect(want.length).toBeGreaterThan(0);
    expect(sorted(await fromSlots(START + a, START + b))).toEqual(sorted(want));
  });

  it('is made anew, the same, by run_rollups_rebuild and by the migration from existing runs', async () => {
    const stored = () =>
      t().dataSource.query(
        `SELECT seq_id, slot_start, aborted, steps, runs FROM run_failure_slot WHERE account_id = $1
          ORDER BY slot_start, aborted, steps_key`,
        [manager.accountId],
      );
    const before = await stored();
    expect(before.length).toBeGreaterThan(10);
    await t().dataSource.query('SELECT run_rollups_rebuild($1)', [manager.accountId]);
    expect(await stored()).toEqual(before);
    await redoMigration(t().dataSource, new FailureSlots1763860110000());
    expect(await stored()).toEqual(before);
  });
});
