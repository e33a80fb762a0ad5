import { fineBins, isOutside, slotStatistics } from '@sweepline/domain';
import type { DataSource } from 'typeorm';

type Db = Pick<DataSource, 'query'>;

/**
 * run_step_day's rows against their definition (migration 1763860500000): per step, unit and UTC
 * day, the statistics, bins and failed runs' values of the step's values in run_step_value.
 */
/** A run_step_day row as the spec compares it. */
export interface DayRow {
  title: string;
  unit: string;
  day: string;
  n: number;
  first: number;
  last: number;
  mean: number;
  m2: number;
  mrSum: number;
  min: number;
  max: number;
  lastRun: number;
  lastLower: number | null;
  lastUpper: number | null;
  limitsMixed: boolean;
  versions: number[];
  width: number;
  bins: number[];
  counts: number[];
  outside: number;
  failed: number;
}

export const near = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b), 1e-300);

/** The account's rows as stored. */
export const storedStepDays = (db: Db, accountId: number): Promise<DayRow[]> =>
  db.query(
    `SELECT title, unit, day::text, n, first_value AS first, last_value AS last, first_value + mean_offset AS mean,
              m2, mr_sum AS "mrSum", min_value AS min, max_value AS max, last_run::float8 AS "lastRun",
              last_lower AS "lastLower", last_upper AS "lastUpper", limits_mixed AS "limitsMixed", versions,
              bin_width AS width, bins::float8[] AS bins, bin_counts AS counts, n_outside AS outside, n_failed AS failed
         FROM run_step_day WHERE account_id = $1 ORDER BY title, unit, day`,
    [accountId],
  );

/** The rows as the definitions give them, from run_step_value in time order and run's results. */
export async function expectedStepDays(db: Db, accountId: number): Promise<DayRow[]> {
  const values: {
    title: string;
    unit: string;
    day: string;
    value: number;
    runId: number;
    lower: number | null;
    upper: number | null;
    version: number;
    failed: boolean;
  }[] = await db.query(
    `SELECT v.title, v.unit, (v.start_time AT TIME ZONE 'UTC')::date::text AS day, v.value, v.run_id::float8 AS "runId",
              v.lower, v.upper, v.seq_version AS version, r.result = 0 AS failed
         FROM run_step_value v JOIN run r ON r.id = v.run_id AND r.start_time = v.start_time
        WHERE v.account_id = $1 ORDER BY v.title, v.unit, day, v.start_time, v.run_id`,
    [accountId],
  );
  const groups = new Map<string, typeof values>();
  for (const v of values) {
    const key = JSON.stringify([v.title, v.unit, v.day]);
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  return [...groups.values()].map((rows) => {
    const last = rows.at(-1)!;
    const xs = rows.map((r) => r.value);
    const s = slotStatistics(xs);
    const { width, counts } = fineBins(xs);
    const bins = [...counts.keys()].sort((a, b) => a - b);
    return {
      title: last.title,
      unit: last.unit,
      day: last.day,
      n: s.n,
      first: s.first,
      last: s.last,
      mean: s.first + s.meanOffset,
      m2: s.m2,
      mrSum: s.mrSum,
      min: s.min,
      max: s.max,
      lastRun: last.runId,
      lastLower: last.lower,
      lastUpper: last.upper,
      limitsMixed: rows.some((r) => r.lower !== last.lower || r.upper !== last.upper),
      versions: [...new Set(rows.map((r) => r.version))].sort((a, b) => a - b),
      width,
      bins,
      counts: bins.map((k) => counts.get(k)!),
      outside: rows.filter((r) => isOutside(r.value, r)).length,
      failed: rows.filter((r) => r.failed).length,
    };
  });
}

/** Equal: everything exactly but the sums, those to 1e-12 relative (summed in another order). */
export function expectSameStepDays(got: DayRow[], want: DayRow[]): void {
  const exact = (rows: DayRow[]) => rows.map(({ mean: _a, m2: _b, mrSum: _c, ...rest }) => rest);
  expect(exact(got)).toEqual(exact(want));
  const far = got.filter((g, i) => {
    const w = want[i]!;
    return !(near(g.mean, w.mean) && near(g.m2, w.m2) && near(g.mrSum, w.mrSum));
  });
  expect(far).toEqual([]);
}
