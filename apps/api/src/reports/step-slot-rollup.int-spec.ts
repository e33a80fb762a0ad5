import type { Member } from '../../test/fixtures';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { StepSlotStatistics1763860100000 } from '../database/migrations/1763860100000-step-slot-statistics';
import { StepSlotBins1763860400000 } from '../database/migrations/1763860400000-step-slot-bins';
import { redoMigration } from '../database/testing/redo-migration';
import type { AnalysisRun } from './testing/analysis-fixtures';
import {
  heading,
  insertAnalysisRuns,
  insertRunCopies,
  laterCommitsFirst,
  measured,
  type SqlSender,
} from './testing/analysis-fixtures';
import { foldStepValues, insertProduct, insertSeq } from './testing/report-fixtures';
import {
  expectedSlots,
  expectSameSlots,
  expectSlotsDefined,
  storedSlotBins,
  storedSlots,
} from './testing/step-slot-oracle';

/** Minutes after 2025-03-01 00:00 UTC. */
const at = (minutes: number) => new Date(Date.UTC(2025, 2, 1) + minutes * 60_000).toISOString();

/** Values near 1e7 with a spread of 0.1 (Gain) and about 0 (Offset, either sign); Delay's unit changes. */
function run(
  productId: number,
  seqId: number,
  i: number,
  minutes: number,
  result: 0 | 1 | -1 = 1,
): AnalysisRun {
  return {
    sn: `S-${i}`,
    productId,
    seqId,
    start: at(minutes),
    result,
    version: i < 10 ? 1 : 2,
    steps: [
      heading('Band'),
      measured('Gain', 10_000_000 + ((i * 7) % 10) / 10, 9_999_999, i < 12 ? 10_000_001 : 10_000_002),
      measured('Offset', Math.sin(i) / 3, -1, 1),
      measured('Delay', 2 + i / 100, null, 5, i % 5 === 0 ? 'us' : 'ns'),
      measured('Note', 'text', null, null, ''),
    ],
  };
}

/**
 * run_step_slot (migration 1763860100000): per step, unit and UTC quarter hour, the statistics of
 * the step's values (run_step_value) in time order, as the domain's slotStatistics gives them.
 */
describeEachDatabase('the step statistics roll-up run_step_slot', (t) => {
  let manager: Member;
  let productId: number;
  let seqId: number;

  const stored = () => storedSlots(t().dataSource, manager.accountId!);
  const expected = () => expectedSlots(t().dataSource, manager.accountId!);
  const storedBins = () => storedSlotBins(t().dataSource, manager.accountId!);
  const expectDefined = () => expectSlotsDefined(t().dataSource, manager.accountId!);

  beforeAll(async () => {
    manager = await createManager(t());
    productId = await insertProduct(t(), manager.accountId!, 'Slots');
    seqId = await insertSeq(t(), manager.accountId!, productId, 'Final');
  });

  it('appends runs in time order, and makes a slot anew when a run arrives before its latest', async () => {
    // minutes: several to a quarter hour; 9 and 3 arrive late into slots with later runs
    const order = [0, 2, 5, 14, 15, 20, 31, 44, 47, 9, 3, 60, 61, 62, 75, 76];
    const runs = order.map((m, i) => run(productId, seqId, i, m, i === 6 ? -1 : i === 7 ? 0 : 1));
    await insertAnalysisRuns(t(), manager.accountId!, runs);
    const rows = await stored();
    expect(rows.length).toBeGreaterThan(8);
    // the aborted run's values are no step's values (run_step_value leaves them out)
    expect(rows.some((r) => r.title === 'Note')).toBe(false);
    expectSameSlots(rows, await expected());
  });

  it('counts the rows of one multi-row insert in any order once each', async () => {
    await t().dataSource.query(
      `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                        client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps, is_first)
       SELECT account_id, product_id, seq_id, serial_number_id, sn, 0, 2, gen_random_uuid()::text, seq_version,
              start_time + interval '1 day' + (id % 3) * interval '1 minute',
              start_time + interval '1 day' + (id % 3) * interval '1 minute', result, NULL, 'fixture', steps, false
         FROM run WHERE account_id = $1 ORDER BY (id * 7919) % 13`,
      [manager.accountId!],
    );
    await foldStepValues(t().dataSource, manager.accountId!);
    await expectDefined();
  });

  /**
   * One INSERT of copies of the account's first runs (by id), the i-th starting at minutes[i]
   * (at()'s minutes), in that order: rows of one statement, out of time order.
   */
  const insertCopies = (minutes: number[], db: SqlSender = t().dataSource) =>
    insertRunCopies(db, manager.accountId!, at(0), minutes);

  /** The count of Gain's slot at `minutes` (at()'s), or undefined when it has none. */
  const gainAt = async (minutes: number): Promise<number | undefined> => {
    const [row] = await t().dataSource.query(
      `SELECT n FROM run_step_slot WHERE account_id = $1 AND title = 'Gain' AND unit = 'dB'
          AND slot_start = to_timestamp(floor(extract(epoch FROM $2::timestamptz) / 900) * 900)`,
      [manager.accountId!, at(minutes)],
    );
    return row?.n;
  };

  it("merges the rows of one insert later than their slots' latest, in any order, into the slots", async () => {
    // day 1's 01:00 and 01:15 hold copies up to 01:04 and 01:18; 02:30 has none yet
    const before = [await gainAt(1500), await gainAt(1515), await gainAt(1590)];
    expect(before).toEqual([3, 2, undefined]);
    await insertCopies([1512, 1506, 1527, 1509, 1524, 1520, 1507, 1590]);
    const after = [await gainAt(1500), await gainAt(1515), await gainAt(1590)];
    // the seventh copy (01:07) is of the aborted run: no values
    expect(after).toEqual([6, 5, 1]);
    await expectDefined();
  });

  it('makes a slot anew when a row of one insert is earlier than its latest, and merges the others', async () => {
    // 01:00's latest is 01:12 now: 01:13 is later, 01:01 earlier; 01:15's latest is 01:27
    await insertCopies([1513, 1528, 1501, 1600, 1529]);
    expect([await gainAt(1500), await gainAt(1515)]).toEqual([8, 7]);
    await expectDefined();
  });

  it("adds a late run before its slot's first, then one between two, one value of each step each", async () => {
    // day 3's 01:15 slot: 01:20 and 01:26, then 01:17 (first), then 01:23 (between 01:20 and 01:26)
    for (const minutes of [4400, 4406, 4397, 4403]) await insertCopies([minutes]);
    expect(await gainAt(4395)).toBe(4);
    await expectDefined();
  });

  it('loses no upload of two at once into one slot when the later run commits first', async () => {
    // day 3's 00:00 slot exists; one transaction adds 00:10, another 00:05 and waits for the slot
    await insertCopies([4320]);
    await laterCommitsFirst(
      t,
      (db) => insertCopies([4330], db),
      (db) => insertCopies([4325], db),
    );
    expect(await gainAt(4320)).toBe(3);
    await expectDefined();
  });

  it('bins a subnormal value in a slot of wide bins (its quotient underflows: PostgreSQL refused the upload)', async () => {
    const runs = [1e9, -5e-324, 0].map((value, i) => ({
      ...run(productId, seqId, 100 + i, 3000 + i),
      steps: [measured('Offset', value, null, null)],
    }));
    await insertAnalysisRuns(t(), manager.accountId!, runs);
    await expectDefined();
  });

  it('holds what the definition gives for values near 1e7 with a spread of 0.1', async () => {
    const gain = (await stored()).filter((r) => r.title === 'Gain' && r.n > 2);
    expect(gain.length).toBeGreaterThan(0);
    for (const slot of gain) expect(Math.abs(slot.meanOffset)).toBeLessThan(1);
  });

  it('is made anew, the same, by run_rollups_rebuild and by the migrations from existing runs', async () => {
    const before = await stored();
    const bins = await storedBins();
    await t().dataSource.query('SELECT run_rollups_rebuild($1)', [manager.accountId!]);
    expectSameSlots(await stored(), before);
    expect(await storedBins()).toEqual(bins);
    await redoMigration(t().dataSource, new StepSlotBins1763860400000());
    expect(await storedBins()).toEqual(bins);
    // the statistics' migration under the bins' (whose trigger reads run_step_slot)
    const runner = t().dataSource.createQueryRunner();
    try {
      await new StepSlotBins1763860400000().down(runner);
      await redoMigration(t().dataSource, new StepSlotStatistics1763860100000());
      await new StepSlotBins1763860400000().up(runner);
    } finally {
      await runner.release();
    }
    expectSameSlots(await stored(), before);
    expect(await storedBins()).toEqual(bins);
  });
});
