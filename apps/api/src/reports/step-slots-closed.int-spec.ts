import type { CapabilityReport } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { StepSlotsClosed1763861600000 } from '../database/migrations/1763861600000-step-slots-closed';
import { insertAnalysisRuns, insertRunCopies } from './testing/analysis-fixtures';
import { capabilityOver, expectSameCapability, gainAndDelayRun } from './testing/closing-fixtures';
import { insertProduct, insertSeq } from './testing/report-fixtures';
import { expectSlotsDefined, storedSlots } from './testing/step-slot-oracle';
import { StepValueFoldRepository } from './step-value-fold.repository';
import { StepValueFolder } from './step-value-folder';

const START = Date.UTC(2025, 5, 1);
/** Minutes after 2025-06-01 00:00 UTC. */
const at = (minutes: number) => new Date(START + minutes * 60_000).toISOString();
const DAY = '2025-06-01';
const CLOSED_UNTIL = at(6 * 60);

/**
 * Quarter hours closed once (migration 1763861600000): run_step_slot and its bins hold the quarter
 * hours before the closure; a later quarter hour's values wait, its keys noted as pending, until
 * run_step_slots_close makes its rows from them, and capability reads either the same. A day
 * closes only once its quarter hours are. Each database's app has its folder stopped until the
 * spec starts one.
 */
describeEachDatabase('quarter hours closed once, when over', (t) => {
  let manager: Member;
  let seqId: number;

  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => t().dataSource.query(sql, params);
  const closedUntil = async () =>
    (await query<{ t: Date }>(`SELECT closed_until AS t FROM run_step_slot_closure`))[0]!.t.toISOString();
  const close = async (settledBefore: string) =>
    (
      await query<{ t: Date | null }>(`SELECT run_step_slots_close($1) AS t`, [settledBefore])
    )[0]!.t?.toISOString() ?? null;
  const pending = async () =>
    (
      await query<{ slot: Date }>(
        `SELECT DISTINCT slot_start AS slot FROM run_step_slot_pending WHERE account_id = $1 ORDER BY 1`,
        [manager.accountId],
      )
    ).map((r) => r.slot.toISOString());
  /** The quarter hours from CLOSED_UNTIL on open again: their rows turned into pending keys, as before closing. */
  const reopen = async () => {
    await query(`UPDATE run_step_slot_closure SET closed_until = $1`, [CLOSED_UNTIL]);
    await query(
      `WITH opened AS (
         DELETE FROM run_step_slot WHERE account_id = $1 AND slot_start >= $2
         RETURNING account_id, seq_id, title, slot_start, unit)
       INSERT INTO run_step_slot_pending (account_id, seq_id, title, slot_start, unit) SELECT * FROM opened`,
      [manager.accountId, CLOSED_UNTIL],
    );
    await query(`DELETE FROM run_step_slot_bin WHERE account_id = $1 AND slot_start >= $2`, [
      manager.accountId,
      CLOSED_UNTIL,
    ]);
  };
  const defined = (before: string) => expectSlotsDefined(t().dataSource, manager.accountId!, before);
  const capabilityOf = capabilityOver(
    t,
    () => manager,
    () => seqId,
    DAY,
    DAY,
  );
  let openReports: CapabilityReport[];

  beforeAll(async () => {
    await t().app.get(StepValueFolder).onModuleDestroy();
    manager = await createManager(t());
    const productId = await insertProduct(t(), manager.accountId!, 'Quarters');
    seqId = await insertSeq(t(), manager.accountId!, productId, 'Final');
    // the day is open, and its quarter hours from 06:00 on
    await query(`UPDATE run_step_day_closure SET closed_until = $1`, [DAY]);
    await query(`UPDATE run_step_slot_closure SET closed_until = $1`, [CLOSED_UNTIL]);
    // every 7 minutes from 2025-06-01 00:03 to 11:58
    const runs = Array.from({ length: 103 }, (_, i) =>
      gainAndDelayRun('Q', productId, seqId, i, at(3 + i * 7)),
    );
    await insertAnalysisRuns(t(), manager.accountId!, runs);
  });

  it('keeps only the closed quarter hours in run_step_slot, notes the open ones, and reads those from their values', async () => {
    const rows = await storedSlots(t().dataSource, manager.accountId!);
    expect(rows.length).toBeGreaterThan(0);
    expect(await storedSlots(t().dataSource, manager.accountId!, CLOSED_UNTIL)).toHaveLength(rows.length);
    await defined(CLOSED_UNTIL);
    // 06:00 to 11:45, both steps: every open quarter hour with values
    expect((await pending()).length).toBe(24);
    openReports = [await capabilityOf('Gain'), await capabilityOf('Delay')];
    const [values] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM run_step_value WHERE account_id = $1 AND title = 'Gain'`,
      [manager.accountId],
    );
    expect(openReports[0]!.figures.n).toBe(values!.n);
    expect(openReports[0]!.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(values!.n);
  });

  it('closes the quarter hours over and settled, up to the first holding a queued run', async () => {
    expect(await close(at(6 * 60 + 14))).toBeNull();
    expect(await close(at(7 * 60 + 1))).toBe(at(7 * 60));
    await defined(at(7 * 60));
    expect((await pending())[0]).toBe(at(7 * 60));
    const [queued] = await query<{ id: string }>(
      `INSERT INTO run_step_value_queue (account_id, start_time, run_id) VALUES ($1, $2, 0) RETURNING id`,
      [manager.accountId, at(8 * 60 + 20)],
    );
    expect(await close(at(10 * 60))).toBe(at(8 * 60 + 15));
    await query(`DELETE FROM run_step_value_queue WHERE account_id = $1 AND id = $2`, [
      manager.accountId,
      queued!.id,
    ]);
    expect(await closedUntil()).toBe(at(8 * 60 + 15));
    await defined(at(8 * 60 + 15));
    expectSameCapability(await capabilityOf('Gain'), openReports[0]!);
  });

  it('merges runs folded late into their closed quarter hours, and notes those folded into open ones', async () => {
    // 07:01 and 07:30 are closed (merged by the triggers), 12:01 is open and had no run
    await insertRunCopies(t().dataSource, manager.accountId!, at(0), [7 * 60 + 1, 7 * 60 + 30, 12 * 60 + 1]);
    await defined(at(8 * 60 + 15));
    expect(await pending()).toContain(at(12 * 60));
  });

  it('closes a day only once its quarter hours are closed', async () => {
    const closeDay = async () =>
      (await query<{ day: string | null }>(`SELECT run_step_days_close($1)::text AS day`, [at(48 * 60)]))[0]!
        .day;
    expect(await closeDay()).toBeNull();
    expect(await close(at(24 * 60 + 1))).toBe(at(24 * 60));
    expect(await closeDay()).toBe(DAY);
  });

  it('has the background folder close every quarter hour that is over, and capability answers the same', async () => {
    await query(`UPDATE run_step_day_closure SET closed_until = $1`, [DAY]);
    await query(`DELETE FROM run_step_day WHERE account_id = $1`, [manager.accountId]);
    await reopen();
    openReports = [await capabilityOf('Gain'), await capabilityOf('Delay')];
    const config = { ...t().app.get<AppConfig>(APP_CONFIG), foldSettleSeconds: 60 };
    const folder = new StepValueFolder(t().app.get(StepValueFoldRepository), config);
    folder.onApplicationBootstrap();
    try {
      for (let i = 0; i < 100 && (await closedUntil()) < at(24 * 60); i++)
        await new Promise((r) => setTimeout(r, 100));
    } finally {
      await folder.onModuleDestroy();
    }
    expect(Date.now() - Date.parse(await closedUntil())).toBeLessThan(16 * 60_000 + 60_000);
    expect(await pending()).toEqual([]);
    await defined('infinity');
    expectSameCapability(await capabilityOf('Gain'), openReports[0]!);
    expectSameCapability(await capabilityOf('Delay'), openReports[1]!);
  });

  it('makes the open quarter hours in its down, and notes those from now on in its up', async () => {
    await reopen();
    const runner = t().dataSource.createQueryRunner();
    const quarterHour = (ms: number) => ms - (ms % 900_000);
    let upAt = 0;
    try {
      await new StepSlotsClosed1763861600000().down(runner);
      expect(await runner.query(`SELECT to_regclass('run_step_slot_closure') AS t`)).toEqual([{ t: null }]);
      await defined('infinity');
      upAt = Date.now();
      await new StepSlotsClosed1763861600000().up(runner);
    } finally {
      await runner.release();
    }
    const closed = Date.parse(await closedUntil());
    expect(closed >= quarterHour(upAt) && closed <= quarterHour(Date.now())).toBe(true);
    await defined('infinity');
  });
});
