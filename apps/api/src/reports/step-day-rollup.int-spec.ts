import { capability, type CapabilityReport, type ControlChartReply, dayRange } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { StepDays1763860500000 } from '../database/migrations/1763860500000-step-days';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { AnalysisRun } from './testing/analysis-fixtures';
import {
  heading,
  insertAnalysisRuns,
  insertRunCopies,
  laterCommitsFirst,
  measured,
  type SqlSender,
} from './testing/analysis-fixtures';
import { insertProduct, insertSeq } from './testing/report-fixtures';
import { expectedStepDays, expectSameStepDays, near, storedStepDays } from './testing/step-day-oracle';

const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 3, 1);
/** Minutes after 2025-04-01 00:00 UTC. */
const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();

/** Values near 1e7 with a spread of 0.1 (Gain, failing above its upper limit) and a unit that changes (Delay). */
function run(productId: number, seqId: number, i: number, minutes: number, aborted = false): AnalysisRun {
  const gain = 10_000_000 + ((i * 7) % 11) / 10;
  const upper = i < 40 ? 10_000_000.9 : 10_000_000.95;
  // every seventh run of the first two days fails with a text where Gain's number was: a row
  // without a number (the later days' failed runs all have a value: no probe there)
  const text = i % 7 === 3 && i < 60;
  return {
    sn: `D-${i}`,
    productId,
    seqId,
    start: at(minutes),
    result: aborted ? -1 : text || gain > upper ? 0 : 1,
    version: i < 20 ? 1 : 2,
    steps: [
      heading('Band'),
      text
        ? { ...measured('Gain', 'no lock', null, null), result: 0 }
        : measured('Gain', gain, 9_999_999, upper),
      measured('Delay', 2 + i / 100, null, 5, i % 9 === 0 ? 'us' : 'ns'),
    ],
  };
}

/**
 * run_step_day (migration 1763860500000): per step, unit and UTC day, the statistics, bins and
 * failed runs' values of the step's values, as the definitions give them, kept at upload (in and
 * out of time order, concurrently) and by the rebuild and the migration; capability reads the
 * whole days there.
 */
describeEachDatabase('the step day roll-up run_step_day', (t) => {
  let manager: Member;
  let productId: number;
  let seqId: number;
  const runs: AnalysisRun[] = [];

  const stored = () => storedStepDays(t().dataSource, manager.accountId!);
  const expectDefined = async () =>
    expectSameStepDays(await stored(), await expectedStepDays(t().dataSource, manager.accountId!));

  /** One INSERT of copies of the account's first runs (by id) at `minutes`, in that order, on `db`. */
  const insertCopies = (minutes: number[], db: SqlSender = t().dataSource) =>
    insertRunCopies(db, manager.accountId!, at(0), minutes);

  beforeAll(async () => {
    manager = await createManager(t());
    productId = await insertProduct(t(), manager.accountId!, 'Days');
    seqId = await insertSeq(t(), manager.accountId!, productId, 'Final');
  });

  it('merges uploads in time order into their day, and makes a day anew when a run arrives before its latest', async () => {
    // runs every 50 minutes over about 4 days, a few late (before their day's latest), one aborted
    for (let i = 0; i < 120; i++) {
      const late = i % 25 === 11 ? -200 : 0;
      runs.push(run(productId, seqId, i, i * 50 + ((i * 13) % 17) + late, i === 30));
    }
    await insertAnalysisRuns(t(), manager.accountId!, runs);
    const rows = await stored();
    expect(rows.filter((r) => r.title === 'Gain').length).toBe(5);
    expect(rows.some((r) => r.failed > 0 && r.title === 'Gain')).toBe(true);
    await expectDefined();
  });

  it('counts the rows of one multi-row insert in any order once each, in and out of their days', async () => {
    await insertCopies([3000, 10, 2990, 5000, 20, 2995, 7300]);
    await expectDefined();
  });

  it('loses no upload of two at once into one day when the later run commits first', async () => {
    await insertCopies([8700]);
    await laterCommitsFirst(
      t,
      (db) => insertCopies([8760], db),
      (db) => insertCopies([8730], db),
    );
    const [{ n }] = await t().dataSource.query(
      `SELECT n FROM run_step_day WHERE account_id = $1 AND title = 'Gain' AND unit = 'dB' AND day = $2::date`,
      [manager.accountId!, at(8700).slice(0, 10)],
    );
    expect(n).toBe(3);
    await expectDefined();
  });

  it('is made anew, the same, by run_rollups_rebuild and by the migration (down and up)', async () => {
    const before = await stored();
    await t().dataSource.query('SELECT run_rollups_rebuild($1)', [manager.accountId!]);
    expectSameStepDays(await stored(), before);
    const runner = t().dataSource.createQueryRunner();
    try {
      await new StepDays1763860500000().down(runner);
      expect(await runner.query(`SELECT to_regclass('run_step_day') AS t`)).toEqual([{ t: null }]);
      await new StepDays1763860500000().up(runner);
    } finally {
      await runner.release();
    }
    expectSameStepDays(await stored(), before);
    // the trigger is back: an upload still lands in its day
    await insertCopies([9000]);
    await expectDefined();
  });

  describe('capability over whole, local and partial days', () => {
    const get = <T>(path: string) => ok<T>(editorApi(t, manager).get(path));

    /** The runs' Gain values and rows without a number in [from, until], in time order. */
    const rowsIn = async (from: number, until: number) => {
      const rows: { value: number | null; upper: number | null; failed: boolean }[] =
        await t().dataSource.query(
          `SELECT CASE WHEN jsonb_typeof(s->'value') = 'number' THEN (s->>'value')::float8 END AS value,
                (s->>'upper')::float8 AS upper, r.result = 0 AS failed
           FROM run r, jsonb_path_query_first(r.steps, '$[*] ? (@.title == "Gain")') s
          WHERE r.account_id = $1 AND r.result <> -1 AND r.start_time >= $2 AND r.start_time <= $3
          ORDER BY r.start_time, r.id`,
          [manager.accountId!, new Date(from).toISOString(), new Date(until).toISOString()],
        );
      return rows;
    };

    it.each([0, 5.5, -3.75, 14, -12])(
      'equals the row-wise figures and counts the rows without a number at zone offset %s (the control chart too)',
      async (zone) => {
        const r = dayRange('2025-04-01', '2025-04-05', zone);
        const query = `seq_id=${seqId}&step=Gain&start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=${zone}`;
        const report = await get<CapabilityReport>(`/report/capability?${query}`);
        const chart = await get<ControlChartReply>(`/report/control?${query}`);
        const rows = await rowsIn(r.start_time, r.stop_time);
        const values = rows.flatMap((x) => (x.value === null ? [] : [x.value]));
        const limits = { lower: 9_999_999, upper: rows.filter((x) => x.value !== null).at(-1)!.upper };
        expect(report.notNumeric).toBe(rows.filter((x) => x.value === null).length);
        expect(report.notNumeric).toBeGreaterThan(3);
        expect(chart.notNumeric).toBe(report.notNumeric);
        expect(report.figures.n).toBe(values.length);
        const want = capability(values, limits);
        for (const k of ['mean', 'sigmaOverall', 'sigmaWithin', 'cpk', 'ppk'] as const)
          expect([k, near(report.figures[k]!, want[k]!)]).toEqual([k, true]);
        expect(report.figures.observedPercentOut).toBe(want.observedPercentOut);
      },
    );

    it('reads the whole UTC days from run_step_day (a day row changed shows in the answer)', async () => {
      const r = dayRange('2025-04-02', '2025-04-02', 0);
      const path = `/report/capability?seq_id=${seqId}&step=Gain&start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=0`;
      const before = await get<CapabilityReport>(path);
      await t().dataSource.query(
        `UPDATE run_step_day SET n = n + 1 WHERE account_id = $1 AND title = 'Gain' AND day = '2025-04-02'`,
        [manager.accountId!],
      );
      try {
        expect((await get<CapabilityReport>(path)).figures.n).toBe(before.figures.n + 1);
      } finally {
        await t().dataSource.query(
          `UPDATE run_step_day SET n = n - 1 WHERE account_id = $1 AND title = 'Gain' AND day = '2025-04-02'`,
          [manager.accountId!],
        );
      }
      expect(r.start_time + DAY_MS - 1).toBe(r.stop_time);
    });
  });
});
