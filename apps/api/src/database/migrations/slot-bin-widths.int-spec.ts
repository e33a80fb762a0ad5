import type { Member } from '../../../test/fixtures';
import { createManager } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import type { AnalysisRun } from '../../reports/testing/analysis-fixtures';
import { insertTestWithRuns, measured } from '../../reports/testing/analysis-fixtures';
import { binsRebuildFunction, binsTriggerFunction } from './1763860400000-step-slot-bins';
import { functionCalls } from '../testing/function-calls';
import { SlotBinWidths1763860800000 } from './1763860800000-slot-bin-widths';

const REBUILD_PART = 'run_rollups_rebuild_1763860400000';

/** A function's text as PostgreSQL keeps it (prosrc): what its definition holds between `tag`s. */
const bodyOf = (definition: string, tag: string) => definition.split(tag)[1];

/** 30 runs a minute apart from 2025-03-01 00:00 UTC: two quarter hours of two steps, 15 values each. */
const runs = (productId: number, seqId: number): AnalysisRun[] =>
  Array.from({ length: 30 }, (_, i) => ({
    sn: `W-${i}`,
    productId,
    seqId,
    start: new Date(Date.UTC(2025, 2, 1) + i * 60_000).toISOString(),
    result: 1,
    version: 1,
    steps: [
      measured('Gain', 20 + ((i * 7) % 11) / 10, 19, 21),
      measured('Offset', Math.sin(i) / 3, -0.2, 0.2),
    ],
  }));

/**
 * Migration 1763860800000 (issue 41): run_step_slot_bin's trigger and its part of the rebuild
 * compute each slot's bin width once (step_bin_width behind OFFSET 0), where 1763860400000's
 * computed it once per value; the bins are the same, and its down puts 1763860400000's text back.
 */
describeEachDatabase('the slots’ bin widths once per slot (migration 1763860800000)', (t) => {
  let manager: Member;

  const sources = async (): Promise<{ trigger: string; rebuild: string }> => {
    const rows: { proname: string; prosrc: string }[] = await t().dataSource.query(
      `SELECT proname, prosrc FROM pg_proc WHERE proname IN ('run_step_slot_bins', $1)`,
      [REBUILD_PART],
    );
    const of = (name: string) => rows.find((r) => r.proname === name)!.prosrc;
    return { trigger: of('run_step_slot_bins'), rebuild: of(REBUILD_PART) };
  };
  const sourcesOf = (widthOnce: boolean) => ({
    trigger: bodyOf(binsTriggerFunction(widthOnce), '$$'),
    rebuild: bodyOf(binsRebuildFunction(REBUILD_PART, widthOnce), '$fn$'),
  });

  const storedBins = () =>
    t().dataSource.query(
      `SELECT title, slot_start::text AS slot, bin_width AS width, bins::float8[] AS bins, bin_counts AS counts,
              n_outside AS outside
         FROM run_step_slot_bin WHERE account_id = $1 ORDER BY title, slot_start`,
      [manager.accountId!],
    );

  const widthCalls = async (work: string): Promise<number> =>
    (await functionCalls(t().dataSource, ['step_bin_width'], work, [manager.accountId!])).step_bin_width!;

  /** One insert of the account's values again, a day later: into new slots and days (of each step). */
  const UPLOAD = `
    INSERT INTO run_step_value (account_id, seq_id, title, start_time, run_id, sn, seq_version, value, lower, upper, unit)
    SELECT account_id, seq_id, title, start_time + interval '1 day', run_id, sn, seq_version, value, lower, upper, unit
      FROM run_step_value WHERE account_id = $1`;
  const REBUILD = 'SELECT run_rollups_rebuild($1)';
  const VALUES = 60;
  const SLOTS = 4;
  const DAYS = 2;

  beforeAll(async () => {
    manager = await createManager(t());
    await insertTestWithRuns(t(), manager.accountId!, 'Widths', runs);
  });

  it('keeps the trigger and the rebuild with the width fenced, and down puts back 1763860400000’s text', async () => {
    expect(await sources()).toEqual(sourcesOf(true));
    const runner = t().dataSource.createQueryRunner();
    try {
      await new SlotBinWidths1763860800000().down(runner);
      expect(await sources()).toEqual(sourcesOf(false));
      await new SlotBinWidths1763860800000().up(runner);
      expect(await sources()).toEqual(sourcesOf(true));
    } finally {
      await runner.release();
    }
  });

  it('computes the width once per slot in the upload’s trigger and in the rebuild, per value before', async () => {
    const bins = await storedBins();
    expect(bins).toHaveLength(SLOTS);
    const fenced = { upload: await widthCalls(UPLOAD), rebuild: await widthCalls(REBUILD) };
    expect(await storedBins()).toEqual(bins);
    const runner = t().dataSource.createQueryRunner();
    let perValue: typeof fenced;
    try {
      await new SlotBinWidths1763860800000().down(runner);
      perValue = { upload: await widthCalls(UPLOAD), rebuild: await widthCalls(REBUILD) };
      await t().dataSource.query(REBUILD, [manager.accountId!]);
      expect(await storedBins()).toEqual(bins);
    } finally {
      await new SlotBinWidths1763860800000().up(runner);
      await runner.release();
    }
    expect(perValue.upload).toBeGreaterThanOrEqual(VALUES);
    expect(perValue.rebuild).toBeGreaterThanOrEqual(VALUES);
    // the upload: the bins' trigger one a slot, run_step_day's one a day; the rebuild (its values
    // no longer through the triggers: 1763860900000): the slots' bins one a slot, the days' one a slot
    expect(fenced).toEqual({ upload: SLOTS + DAYS, rebuild: SLOTS + SLOTS });
    await t().dataSource.query(REBUILD, [manager.accountId!]);
    expect(await storedBins()).toEqual(bins);
  }, 120_000); // four rebuilds and a migration's down and up: 5 s alone, over 30 s on a loaded CI machine (stop 50)
});
