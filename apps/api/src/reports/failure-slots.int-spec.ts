import type { Member } from '../../test/fixtures';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { FailureAndVersionDays1763860410000 } from '../database/migrations/1763860410000-failure-and-version-days';
import { redoMigration } from '../database/testing/redo-migration';
import { AnalysisRepository, type FailureGroup } from './analysis.repository';
import type { AnalysisRun } from './testing/analysis-fixtures';
import { heading, insertAnalysisRuns, measured } from './testing/analysis-fixtures';
import { insertProduct, insertSeq } from './testing/report-fixtures';

const START = Date.UTC(2025, 6, 1);

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Run i's start: every 7 minutes for 14 hours, then every 37 minutes for about 7 days. */
const minutesOf = (i: number) => (i < 120 ? i * 7 : 14 * 60 + (i - 120) * 37);

/**
 * Run i: failing Gain, Gain and Match, or nothing (passed), one in nine aborted; test-plan version
 * 1, then 2 from the second day, and 1 again (a run of the old plan) now and then.
 */
function runOf(productId: number, seqId: number, i: number): AnalysisRun {
  const failGain = i % 3 === 0;
  const failMatch = i % 4 === 0;
  return {
    sn: `F-${i}`,
    productId,
    seqId,
    start: new Date(START + minutesOf(i) * 60_000).toISOString(),
    result: i % 9 === 4 ? -1 : failGain || failMatch ? 0 : 1,
    version: minutesOf(i) < 24 * 60 || i % 41 === 0 ? 1 : 2,
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
 * run_failure_slot (migration 1763860110000) and run_failure_day (1763860410000): the failure
 * Pareto's groups per quarter hour and per UTC day, which give the same groups as run_failure's
 * rows for any range, partial days and edges inside a quarter hour included; run_version_day
 * (1763860410000): the versions of the range's runs.
 */
describeEachDatabase(
  'the failure roll-ups run_failure_slot and run_failure_day, and run_version_day',
  (t) => {
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
        Array.from({ length: 400 }, (_, i) => runOf(productId, seqId, i)),
      );
    });

    it.each([
      ['whole quarter hours', 0, 14 * 3600_000],
      ['edges inside quarter hours', 7 * 60_000 + 1, 9 * 3600_000 + 3 * 60_000],
      ['a range inside one quarter hour', 15 * 60_000 + 1, 29 * 60_000],
      ['whole UTC days', 0, 6 * DAY],
      ['local days at +5:30 (partial UTC days at both ends)', DAY - 5.5 * HOUR, 6 * DAY - 5.5 * HOUR],
      ['local days at -3:45', 3.75 * HOUR, 5 * DAY + 3.75 * HOUR],
      ['partial days with edges inside quarter hours', 7 * 60_000 + 1, 4 * DAY + 5 * HOUR + 3 * 60_000],
    ])('gives the groups of run_failure for %s', async (_name, a, b) => {
      const want = await rowWise(START + a, START + b);
      expect(want.length).toBeGreaterThan(0);
      expect(sorted(await fromSlots(START + a, START + b))).toEqual(sorted(want));
    });

    it.each([
      ['whole UTC days', 0, 6 * DAY],
      ['local days at +5:30', DAY - 5.5 * HOUR, 6 * DAY - 5.5 * HOUR],
      ['partial days with edges inside quarter hours', 7 * 60_000 + 1, 4 * DAY + 5 * HOUR + 3 * 60_000],
      ['hours of one day', 2 * DAY + HOUR, 2 * DAY + 9 * HOUR],
    ])("gives the versions of the range's runs for %s", async (_name, a, b) => {
      const [from, until] = [new Date(START + a).toISOString(), new Date(START + b).toISOString()];
      const want = await t().dataSource.query(
        `SELECT seq_id AS "seqId", array_agg(DISTINCT seq_version ORDER BY seq_version) AS versions FROM run
        WHERE account_id = $1 AND seq_id = $2 AND start_time >= $3 AND start_time < $4 GROUP BY 1`,
        [manager.accountId, seqId, from, until],
      );
      expect(want.length).toBe(1);
      expect(
        await repo().versions(manager.accountId!, [seqId], { days: [], from, until, offsetMinutes: 0 }),
      ).toEqual(want);
    });

    it('is made anew, the same, by run_rollups_rebuild and by the migrations from existing runs', async () => {
      const stored = async () => [
        await t().dataSource.query(
          `SELECT seq_id, slot_start, aborted, steps, runs FROM run_failure_slot WHERE account_id = $1
          ORDER BY slot_start, aborted, steps_key`,
          [manager.accountId],
        ),
        await t().dataSource.query(
          `SELECT seq_id, day::text, aborted, steps, runs FROM run_failure_day WHERE account_id = $1
          ORDER BY day, aborted, steps_key`,
          [manager.accountId],
        ),
        await t().dataSource.query(
          `SELECT seq_id, day::text, seq_version FROM run_version_day WHERE account_id = $1 ORDER BY day, seq_version`,
          [manager.accountId],
        ),
      ];
      const before = await stored();
      // quarter hours with failures; 8 days of failures; 8 days of version 1 or 2 (day 1 only 1, both on some)
      expect(before.map((rows) => rows.length > 10)).toEqual([true, true, true]);
      await t().dataSource.query('SELECT run_rollups_rebuild($1)', [manager.accountId]);
      expect(await stored()).toEqual(before);
      await redoMigration(t().dataSource, new FailureAndVersionDays1763860410000());
      expect(await stored()).toEqual(before);
    });
  },
);
