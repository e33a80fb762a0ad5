import { fineBins, isOutside, slotStatistics, type SlotStatistics } from '@sweepline/domain';
import type { DataSource } from 'typeorm';
import { near } from './step-day-oracle';

/**
 * run_step_slot's and run_step_slot_bin's rows against their definitions (migrations 1763860100000
 * and 1763860400000): per step, unit and UTC quarter hour, the statistics of the step's values
 * (run_step_value) in time order, as the domain's slotStatistics gives them, and their bins at the
 * slot's own fine width. `before` (a quarter hour's first instant) keeps the quarter hours before
 * it: those closed (migration 1763861600000).
 */
type Db = Pick<DataSource, 'query'>;

export interface SlotRow extends SlotStatistics {
  title: string;
  unit: string;
  slot: string;
  lastRun: number;
  lastLower: number | null;
  lastUpper: number | null;
  limitsMixed: boolean;
  versions: number[];
}

export interface SlotBins {
  title: string;
  unit: string;
  slot: string;
  width: number;
  bins: number[];
  counts: number[];
  outside: number;
}

const EVER = 'infinity';
const SLOT = 'to_timestamp(floor(extract(epoch FROM start_time) / 900) * 900)';

/** The rows of `values` grouped by step, unit and quarter hour, in that order. */
function bySlot<T extends { title: string; unit: string; slot: string }>(values: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const v of values) {
    const key = JSON.stringify([v.title, v.unit, v.slot]);
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  return [...groups.values()];
}

export const storedSlots = (db: Db, accountId: number, before = EVER): Promise<SlotRow[]> =>
  db.query(
    `SELECT title, unit, slot_start::text AS slot, n, first_value AS first, last_value AS last, mean_offset AS "meanOffset",
            m2, mr_sum AS "mrSum", min_value AS min, max_value AS max, last_run::float8 AS "lastRun",
            last_lower AS "lastLower", last_upper AS "lastUpper", limits_mixed AS "limitsMixed", versions
       FROM run_step_slot WHERE account_id = $1 AND slot_start < $2::timestamptz ORDER BY title, unit, slot_start`,
    [accountId, before],
  );

/** The rows as the definition gives them, from run_step_value in time order. */
export async function expectedSlots(db: Db, accountId: number, before = EVER): Promise<SlotRow[]> {
  const values: {
    title: string;
    unit: string;
    slot: string;
    value: number;
    runId: number;
    lower: number | null;
    upper: number | null;
    version: number;
  }[] = await db.query(
    `SELECT title, unit, ${SLOT}::text AS slot, value, run_id::float8 AS "runId", lower, upper, seq_version AS version
       FROM run_step_value WHERE account_id = $1 AND start_time < $2::timestamptz
      ORDER BY title, unit, ${SLOT}, start_time, run_id`,
    [accountId, before],
  );
  return bySlot(values).map((rows) => {
    const last = rows.at(-1)!;
    return {
      title: last.title,
      unit: last.unit,
      slot: last.slot,
      ...slotStatistics(rows.map((r) => r.value)),
      lastRun: last.runId,
      lastLower: last.lower,
      lastUpper: last.upper,
      limitsMixed: rows.some((r) => r.lower !== last.lower || r.upper !== last.upper),
      versions: [...new Set(rows.map((r) => r.version))].sort((a, b) => a - b),
    };
  });
}

/** run_step_slot_bin's rows, in the order of storedSlots. */
export const storedSlotBins = (db: Db, accountId: number, before = EVER): Promise<SlotBins[]> =>
  db.query(
    `SELECT title, unit, slot_start::text AS slot, bin_width AS width, bins::float8[] AS bins,
            bin_counts AS counts, n_outside AS outside
       FROM run_step_slot_bin WHERE account_id = $1 AND slot_start < $2::timestamptz ORDER BY title, unit, slot_start`,
    [accountId, before],
  );

/** The bins as the definition gives them: each slot's values binned at their own fine width (histogram.ts). */
export async function expectedSlotBins(db: Db, accountId: number, before = EVER): Promise<SlotBins[]> {
  const values: {
    title: string;
    unit: string;
    slot: string;
    value: number;
    lower: number | null;
    upper: number | null;
  }[] = await db.query(
    `SELECT title, unit, ${SLOT}::text AS slot, value, lower, upper
       FROM run_step_value WHERE account_id = $1 AND start_time < $2::timestamptz ORDER BY title, unit, slot`,
    [accountId, before],
  );
  return bySlot(values).map((rows) => {
    const { width, counts } = fineBins(rows.map((r) => r.value));
    const bins = [...counts.keys()].sort((a, b) => a - b);
    return {
      title: rows[0]!.title,
      unit: rows[0]!.unit,
      slot: rows[0]!.slot,
      width,
      bins,
      counts: bins.map((k) => counts.get(k)!),
      outside: rows.filter((r) => isOutside(r.value, r)).length,
    };
  });
}

/** Equal: counts, ends, keys exactly; the sums to 1e-12 relative (sums in another order). */
export function expectSameSlots(got: SlotRow[], want: SlotRow[]): void {
  expect(got.map(({ meanOffset: _a, m2: _b, mrSum: _c, ...rest }) => rest)).toEqual(
    want.map(({ meanOffset: _a, m2: _b, mrSum: _c, ...rest }) => rest),
  );
  got.forEach((g, i) => {
    const w = want[i]!;
    const mean = (s: SlotRow) => s.first + s.meanOffset;
    expect([g.title, g.slot, near(mean(g), mean(w)), near(g.m2, w.m2), near(g.mrSum, w.mrSum)]).toEqual([
      w.title,
      w.slot,
      true,
      true,
      true,
    ]);
  });
}

/** The account's slots and bins before `before` as the definitions give them. */
export async function expectSlotsDefined(db: Db, accountId: number, before = EVER): Promise<void> {
  expectSameSlots(await storedSlots(db, accountId, before), await expectedSlots(db, accountId, before));
  expect(await storedSlotBins(db, accountId, before)).toEqual(await expectedSlotBins(db, accountId, before));
}
