import fc from 'fast-check';
import { MS_PER_DAY, Role, Verdict } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { FixtureRun } from './testing/report-fixtures';
import { insertProduct, insertRuns, insertSeq } from './testing/report-fixtures';

const QUARTER_HOUR_MS = 15 * 60_000;
const BASE = Date.UTC(2025, 10, 20);
const iso = (ms: number) => new Date(ms).toISOString();

interface RollupRow {
  product_id: number;
  day: string;
  serial_number_id: number;
  first_slot: number;
  last_slot: number;
  prev_slot: number | null;
}

/** run_unit_day as its definition gives it, computed here from the account's runs. */
async function expectedRollup(t: TestApp, accountId: number): Promise<RollupRow[]> {
  const runs: { product_id: number; serial_number_id: number; ms: number }[] = await t.dataSource.query(
    `SELECT product_id, serial_number_id, (extract(epoch FROM start_time) * 1000)::float8 AS ms
       FROM run WHERE account_id = $1`,
    [accountId],
  );
  const days = new Map<string, { product: number; unit: number; day: number; first: number; last: number }>();
  for (const run of runs) {
    const day = Math.floor(run.ms / MS_PER_DAY);
    const key = `${run.product_id}/${run.serial_number_id}/${day}`;
    const row = days.get(key) ?? {
      product: run.product_id,
      unit: run.serial_number_id,
      day,
      first: run.ms,
      last: run.ms,
    };
    days.set(key, { ...row, first: Math.min(row.first, run.ms), last: Math.max(row.last, run.ms) });
  }
  const slot = (ms: number) => Math.floor((ms - Math.floor(ms / MS_PER_DAY) * MS_PER_DAY) / QUARTER_HOUR_MS);
  return [...days.values()]
    .map((d) => {
      const before = days.get(`${d.product}/${d.unit}/${d.day - 1}`);
      return {
        product_id: d.product,
        day: iso(d.day * MS_PER_DAY).slice(0, 10),
        serial_number_id: d.unit,
        first_slot: slot(d.first),
        last_slot: slot(d.last),
        prev_slot: before ? slot(before.last) : null,
      };
    })
    .sort(
      (a, b) =>
        a.product_id - b.product_id || a.day.localeCompare(b.day) || a.serial_number_id - b.serial_number_id,
    );
}

function storedRollup(t: TestApp, accountId: number): Promise<RollupRow[]> {
  return t.dataSource.query(
    `SELECT product_id, to_char(day, 'YYYY-MM-DD') AS day, serial_number_id, first_slot, last_slot, prev_slot
       FROM run_unit_day WHERE account_id = $1 ORDER BY product_id, day, serial_number_id`,
    [accountId],
  );
}

/**
 * The tested-units roll-up (migrations 1763856600000 and 1763856700000): kept by the statement
 * trigger on run whatever the order runs arrive in, one upload at a time or in bulk.
 */
describeEachDatabase('the tested-units roll-up run_unit_day', (t) => {
  let manager: Member;
  let operator: Member;
  let products: number[];
  let seqs: number[];

  const newAccount = async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    const acct = manager.accountId!;
    products = [await insertProduct(t(), acct, 'P'), await insertProduct(t(), acct, 'Q')];
    seqs = [await insertSeq(t(), acct, products[0]!, 'P1'), await insertSeq(t(), acct, products[1]!, 'Q1')];
  };
  const run = (unit: number, product: number, ms: number, result = Verdict.Passed): FixtureRun => ({
    sn: `S-${unit}`,
    productId: products[product]!,
    seqId: seqs[product]!,
    start: ms,
    result,
  });
  const unitCounts = (zone: number, first: string, last: string) => {
    const from = Date.parse(first) - zone * 3_600_000;
    const to = Date.parse(last) + MS_PER_DAY - zone * 3_600_000 - 1;
    return ok(
      editorApi(t, operator).get(
        `/report/daily_test_unit_count?product_id=-1&start_time=${from}&stop_time=${to}&zone_offset=${zone}`,
      ),
    );
  };

  it("holds each unit-day with its first, last and previous day's last quarter hour, runs arriving late and one by one", async () => {
    await newAccount();
    const runs = fc
      .sample(
        fc.record({
          unit: fc.integer({ min: 1, max: 5 }),
          product: fc.integer({ min: 0, max: 1 }),
          at: fc.integer({ min: 0, max: 4 * MS_PER_DAY }),
        }),
        { numRuns: 120, seed: 2026_11_23 },
      )
      .map((r) => run(r.unit, r.product, BASE + r.at));
    // uploads in random order: later days first as often as not (the runner's offline queue)
    for (const r of runs) await insertRuns(t(), manager.accountId!, [r]);
    expect(await storedRollup(t(), manager.accountId!)).toEqual(
      await expectedRollup(t(), manager.accountId!),
    );
  });

  it('counts a unit once on a local day that spans two UTC days, also when the earlier run comes last', async () => {
    await newAccount();
    const acct = manager.accountId!;
    // S-1: 23:50 UTC on the 20th and 00:10 UTC on the 21st, uploaded in reverse order
    await insertRuns(t(), acct, [run(1, 0, BASE + MS_PER_DAY + 10 * 60_000)]);
    await insertRuns(t(), acct, [run(1, 0, BASE + MS_PER_DAY - 10 * 60_000, Verdict.Failed)]);
    // S-2 of the other product: 12:00 UTC on the 20th
    await insertRuns(t(), acct, [run(2, 1, BASE + MS_PER_DAY / 2)]);
    expect(await storedRollup(t(), acct)).toEqual(await expectedRollup(t(), acct));
    // UTC: S-1 on both days
    expect(await unitCounts(0, '2025-11-20', '2025-11-21')).toEqual([
      { date: '2025-11-20', count: 2 },
      { date: '2025-11-21', count: 1 },
    ]);
    // UTC+8: both runs of S-1 fall on the 21st (07:50 and 08:10), S-2 at 20:00 on the 20th
    expect(await unitCounts(8, '2025-11-20', '2025-11-21')).toEqual([
      { date: '2025-11-20', count: 1 },
      { date: '2025-11-21', count: 1 },
    ]);
    // UTC-0:15: S-1 at 23:35 on the 20th and 23:55 on the 20th, S-2 at 11:45 on the 20th
    expect(await unitCounts(-0.25, '2025-11-20', '2025-11-21')).toEqual([
      { date: '2025-11-20', count: 2 },
      { date: '2025-11-21', count: 0 },
    ]);
  });

  it('leaves out the units of a deleted product, and counts again once runs are added', async () => {
    await newAccount();
    const acct = manager.accountId!;
    await insertRuns(t(), acct, [run(1, 0, BASE + 3_600_000), run(2, 1, BASE + 7_200_000)]);
    expect(await unitCounts(0, '2025-11-20', '2025-11-20')).toEqual([{ date: '2025-11-20', count: 2 }]);
    await t().dataSource.query('UPDATE product SET deleted_at = now() WHERE id = $1', [products[1]]);
    expect(await unitCounts(0, '2025-11-20', '2025-11-20')).toEqual([{ date: '2025-11-20', count: 1 }]);
    // a retest of S-1 the same day adds no unit; S-3 does
    await insertRuns(t(), acct, [run(1, 0, BASE + 9_000_000), run(3, 0, BASE + 9_000_000)]);
    expect(await unitCounts(0, '2025-11-20', '2025-11-20')).toEqual([{ date: '2025-11-20', count: 2 }]);
    expect(await storedRollup(t(), acct)).toEqual(await expectedRollup(t(), acct));
  });
});
