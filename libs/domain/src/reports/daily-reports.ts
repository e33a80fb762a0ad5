import type { DayCount, DayRate } from '../api/reports';
import { Verdict } from '../results/verdict';
import { dayBounds, daysBetween, localDay } from '../time/days';

/**
 * The four daily reports of docs/requirements/reports.md, as the plain definition the API's SQL is tested
 * against. Common rules:
 * - A day is a local day of `zoneOffset` (hours from UTC). The range covers every run with
 *   dayBounds(startDate, stopDate, zoneOffset).from <= startTime < .until, i.e. from the first
 *   local instant of startDate up to the first of the day after stopDate (half-open, so a time
 *   with a fraction of a millisecond still has its day); a reversed range throws.
 * - A unit is a (productId, sn) pair; serial numbers are compared exactly (case-sensitive).
 * - Rows come in date order. Percentages are rounded as `percent` says.
 * - The order of `runs` never matters.
 */
export interface RunRecord {
  sn: string;
  seqId: number;
  productId: number;
  /** Epoch milliseconds. */
  startTime: number;
  result: Verdict;
}

export interface ReportRange {
  /** 'YYYY-MM-DD', first local day, included. */
  startDate: string;
  /** 'YYYY-MM-DD', last local day, included. */
  stopDate: string;
  /** Hours from UTC, see isValidZoneOffset. */
  zoneOffset: number;
}

/** docs/requirements/reports.md: the synthetic All product. */
export const ALL_PRODUCTS = -1;

/**
 * part / whole x 100 rounded to two decimals, halves up: round(10000 x part / whole) / 100. The
 * result is the double nearest the two-decimal value, which is what PostgreSQL returns for
 * `round(100.0 * part / whole, 2)::float8`, so the API and this definition agree exactly.
 */
export function percent(part: number, whole: number): number {
  return Math.round((part * 10_000) / whole) / 100;
}

function unitKey(run: RunRecord): string {
  return `${run.productId}:${run.sn}`;
}

/** Runs inside the range that `keep` accepts, grouped by local day. */
function byDay(runs: readonly RunRecord[], range: ReportRange, keep: (r: RunRecord) => boolean) {
  const { from, until } = dayBounds(range.startDate, range.stopDate, range.zoneOffset);
  const days = new Map<string, RunRecord[]>();
  for (const run of runs) {
    if (!keep(run) || run.startTime < from || run.startTime >= until) continue;
    const day = localDay(run.startTime, range.zoneOffset);
    const list = days.get(day);
    if (list) list.push(run);
    else days.set(day, [run]);
  }
  return days;
}

/** One row per day of the range that has an entry in `rates`, in date order. */
function rateRows(range: ReportRange, rates: Map<string, { part: number; whole: number }>): DayRate[] {
  return daysBetween(range.startDate, range.stopDate).flatMap((date) => {
    const r = rates.get(date);
    return r && r.whole > 0 ? [{ date, passRate: percent(r.part, r.whole) }] : [];
  });
}

/**
 * Daily tested units: for EVERY local day of the range (zero included), the number of distinct
 * units of the product (all products for ALL_PRODUCTS) with at least one run that day, whatever
 * its result: an aborted run still means the unit was on the bench.
 */
export function dailyTestedUnits(
  runs: readonly RunRecord[],
  q: ReportRange & { productId: number },
): DayCount[] {
  const days = byDay(runs, q, (r) => q.productId === ALL_PRODUCTS || r.productId === q.productId);
  return daysBetween(q.startDate, q.stopDate).map((date) => ({
    date,
    count: new Set((days.get(date) ?? []).map(unitKey)).size,
  }));
}

/**
 * Daily pass rate of one test: passed runs / (passed + failed runs) x 100 per day. Every run
 * counts (retests included); aborted runs are left out, and so are days with no passed or
 * failed run.
 */
export function dailyPassRate(runs: readonly RunRecord[], q: ReportRange & { seqId: number }): DayRate[] {
  const days = byDay(runs, q, (r) => r.seqId === q.seqId && r.result !== Verdict.Aborted);
  const rates = new Map(
    [...days].map(([day, rs]) => [
      day,
      { part: rs.filter((r) => r.result === Verdict.Passed).length, whole: rs.length },
    ]),
  );
  return rateRows(q, rates);
}

/**
 * First-time pass yield (is_first=1). A unit's first run of the test is its earliest run of that
 * test over all time (runs before the range included, stage visits and jumps ignored). An aborted
 * first run IS the first run, and it did not pass: aborting and retesting is a retest, and
 * ignoring aborts would let an operator hide a failure by aborting. Two earliest runs with the
 * same startTime: the lowest result counts (aborted < failed < passed), so ties never flatter.
 * Per day: units whose first run happened that day, % of them whose first run passed. Days with
 * no such unit are left out.
 */
export function firstTimePassYield(
  runs: readonly RunRecord[],
  q: ReportRange & { seqId: number },
): DayRate[] {
  const first = new Map<string, RunRecord>();
  for (const run of runs) {
    if (run.seqId !== q.seqId) continue;
    const seen = first.get(unitKey(run));
    const earlier =
      !seen ||
      run.startTime < seen.startTime ||
      (run.startTime === seen.startTime && run.result < seen.result);
    if (earlier) first.set(unitKey(run), run);
  }
  const days = byDay([...first.values()], q, () => true);
  const rates = new Map(
    [...days].map(([day, rs]) => [
      day,
      { part: rs.filter((r) => r.result === Verdict.Passed).length, whole: rs.length },
    ]),
  );
  return rateRows(q, rates);
}

/**
 * Throughput yield (is_first=0): per day, the units with at least one run of the test that day
 * (aborted runs included: the unit ran the test), % of them with at least one passed run of it
 * that day. Days without runs are left out.
 */
export function throughputYield(runs: readonly RunRecord[], q: ReportRange & { seqId: number }): DayRate[] {
  const days = byDay(runs, q, (r) => r.seqId === q.seqId);
  const rates = new Map(
    [...days].map(([day, rs]) => {
      const units = new Set(rs.map(unitKey));
      const passed = new Set(rs.filter((r) => r.result === Verdict.Passed).map(unitKey));
      return [day, { part: passed.size, whole: units.size }];
    }),
  );
  return rateRows(q, rates);
}
