import type { CapabilityReport } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { StepDaysClosed1763861500000 } from '../database/migrations/1763861500000-step-days-closed';
import { insertAnalysisRuns, insertRunCopies } from './testing/analysis-fixtures';
import { capabilityOver, expectSameCapability, gainAndDelayRun } from './testing/closing-fixtures';
import { insertProduct, insertSeq } from './testing/report-fixtures';
import { expectedStepDays, expectSameStepDays, storedStepDays } from './testing/step-day-oracle';
import { StepValueFoldRepository } from './step-value-fold.repository';
import { StepValueFolder } from './step-value-folder';

const START = Date.UTC(2025, 5, 1);
/** Minutes after 2025-06-01 00:00 UTC. */
const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();
const FIRST_DAY = '2025-06-01';
const LAST_DAY = '2025-06-04';

/**
 * Step days closed once (migration 1763861500000): run_step_day holds the UTC days before the
 * closure; a later day's values stay in their quarter hours until run_step_days_close makes the
 * day from them, and capability reads either the same. Each database's app has its folder stopped
 * until the spec starts one.
 */
describeEachDatabase('step days closed once, when over', (t) => {
  let manager: Member;
  let seqId: number;

  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => t().dataSource.query(sql, params);
  const closedUntil = async () =>
    (await query<{ d: string }>(`SELECT closed_until::text AS d FROM run_step_day_closure`))[0]!.d;
  const close = async (settledBefore: string) =>
    (await query<{ day: string | null }>(`SELECT run_step_days_close($1)::text AS day`, [settledBefore]))[0]!
      .day;
  const stored = () => storedStepDays(t().dataSource, manager.accountId!);
  /** The rows the definitions give of the days before `until`. */
  const expectedBefore = async (until: string) =>
    (await expectedStepDays(t().dataSource, manager.accountId!)).filter((r) => r.day < until);
  const capabilityOf = capabilityOver(
    t,
    () => manager,
    () => seqId,
    FIRST_DAY,
    LAST_DAY,
  );
  let openReports: CapabilityReport[];

  beforeAll(async () => {
    await t().app.get(StepValueFolder).onModuleDestroy();
    manager = await createManager(t());
    const productId = await insertProduct(t(), manager.accountId!, 'Closing');
    seqId = await insertSeq(t(), manager.accountId!, productId, 'Final');
    await query(`UPDATE run_step_day_closure SET closed_until = '2025-06-02'`);
    // every 47 minutes from 2025-06-01 00:05 to 2025-06-04 23:59
    const runs = Array.from({ length: 122 }, (_, i) =>
      gainAndDelayRun('C', productId, seqId, i, at(5 + i * 47)),
    );
    await insertAnalysisRuns(t(), manager.accountId!, runs);
  });

  it('keeps only the closed days in run_step_day; capability reads the others from their quarter hours', async () => {
    const rows = await stored();
    expect([...new Set(rows.map((r) => r.day))]).toEqual([FIRST_DAY]);
    expectSameStepDays(rows, await expectedBefore('2025-06-02'));
    openReports = [await capabilityOf('Gain'), await capabilityOf('Delay')];
    const [gain] = openReports;
    const values: { n: number }[] = await query(
      `SELECT count(*)::int AS n FROM run_step_value WHERE account_id = $1 AND title = 'Gain'`,
      [manager.accountId],
    );
    expect(gain!.figures.n).toBe(values[0]!.n);
    expect(gain!.notNumeric).toBeGreaterThan(0);
  });

  it('closes the oldest open day only once it has settled and no queued run started in it', async () => {
    expect(await close('2025-06-02T23:59:59Z')).toBeNull();
    const [queued] = await query<{ id: string }>(
      `INSERT INTO run_step_value_queue (account_id, start_time, run_id) VALUES ($1, $2, 0) RETURNING id`,
      [manager.accountId, at(24 * 60 + 30)],
    );
    expect(await close('2025-06-03T00:00:01Z')).toBeNull();
    await query(`DELETE FROM run_step_value_queue WHERE account_id = $1 AND id = $2`, [
      manager.accountId,
      queued!.id,
    ]);
    expect(await closedUntil()).toBe('2025-06-02');

    expect(await close('2025-06-03T00:00:01Z')).toBe('2025-06-02');
    expect(await closedUntil()).toBe('2025-06-03');
    expectSameStepDays(await stored(), await expectedBefore('2025-06-03'));
  });

  it('merges a run folded late into its closed day', async () => {
    await insertRunCopies(t().dataSource, manager.accountId!, at(5), [24 * 60 + 100, 30]);
    expectSameStepDays(await stored(), await expectedBefore('2025-06-03'));
  });

  it('has the background folder close every day that is over, and capability answers the same', async () => {
    openReports = [await capabilityOf('Gain'), await capabilityOf('Delay')];
    const config = { ...t().app.get<AppConfig>(APP_CONFIG), foldSettleSeconds: 60 };
    const folder = new StepValueFolder(t().app.get(StepValueFoldRepository), config);
    folder.onApplicationBootstrap();
    try {
      for (let i = 0; i < 100 && (await closedUntil()) <= LAST_DAY; i++)
        await new Promise((r) => setTimeout(r, 100));
    } finally {
      await folder.onModuleDestroy();
    }
    expect((await closedUntil()) > LAST_DAY).toBe(true);
    expectSameStepDays(await stored(), await expectedBefore('2025-06-05'));
    expectSameCapability(await capabilityOf('Gain'), openReports[0]!);
    expectSameCapability(await capabilityOf('Delay'), openReports[1]!);
  });

  it('makes the open days in its down, and leaves only the days before today in its up', async () => {
    await query(`UPDATE run_step_day_closure SET closed_until = '2025-06-03'`);
    await query(`DELETE FROM run_step_day WHERE account_id = $1 AND day >= '2025-06-03'`, [
      manager.accountId,
    ]);
    const runner = t().dataSource.createQueryRunner();
    try {
      await new StepDaysClosed1763861500000().down(runner);
      expect(await runner.query(`SELECT to_regclass('run_step_day_closure') AS t`)).toEqual([{ t: null }]);
      expectSameStepDays(await stored(), await expectedBefore('9999-01-01'));
      await new StepDaysClosed1763861500000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await closedUntil()).toBe(new Date().toISOString().slice(0, 10));
    expectSameStepDays(await stored(), await expectedBefore('9999-01-01'));
  });
});
