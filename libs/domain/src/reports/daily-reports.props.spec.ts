import fc from 'fast-check';
import type { DayRate } from '../api/reports';
import { Verdict } from '../results/verdict';
import { dayRange, daysBetween } from '../time/days';
import type { ReportRange, RunRecord } from './daily-reports';
import {
  ALL_PRODUCTS,
  dailyPassRate,
  dailyTestedUnits,
  firstTimePassYield,
  percent,
  throughputYield,
} from './daily-reports';

const HOUR = 3_600_000;
const run: fc.Arbitrary<RunRecord> = fc.record({
  sn: fc.constantFrom('A', 'B', 'C', 'D', 'a'),
  seqId: fc.constantFrom(7, 8),
  productId: fc.constantFrom(1, 2),
  // 2024-02-25 .. 2024-03-09 UTC, on quarter hours so zone edges are hit often
  startTime: fc
    .integer({ min: 0, max: 13 * 96 })
    .map((q) => Date.UTC(2024, 1, 25) + (q * HOUR) / 4 - (q % 3)),
  result: fc.constantFrom(Verdict.Passed, Verdict.Failed, Verdict.Aborted),
});
const runs = fc.array(run, { maxLength: 40 });
const range: fc.Arbitrary<ReportRange> = fc
  .record({ start: fc.integer({ min: 27, max: 33 }), days: fc.nat(5), q: fc.integer({ min: -48, max: 56 }) })
  .map(({ start, days, q }) => ({
    startDate: new Date(Date.UTC(2024, 1, start)).toISOString().slice(0, 10),
    stopDate: new Date(Date.UTC(2024, 1, start + days)).toISOString().slice(0, 10),
    zoneOffset: q / 4 + 0,
  }));

/** Runs of a test inside one local day, found through dayRange rather than localDay. */
function runsOn(rs: readonly RunRecord[], date: string, zoneOffset: number, seqId: number): RunRecord[] {
  const { start_time, stop_time } = dayRange(date, date, zoneOffset);
  return rs.filter((r) => r.seqId === seqId && r.startTime >= start_time && r.startTime <= stop_time);
}

const units = (rs: readonly RunRecord[]) => new Set(rs.map((r) => `${r.productId}:${r.sn}`));
const rows = (q: ReportRange, rate: (date: string) => [number, number]): DayRate[] =>
  daysBetween(q.startDate, q.stopDate).flatMap((date) => {
    const [part, whole] = rate(date);
    return whole > 0 ? [{ date, passRate: percent(part, whole) }] : [];
  });

describe('daily reports, properties', () => {
  it('do not depend on the order of the runs, nor change them', () => {
    const withShuffle = runs.chain((rs) =>
      fc.shuffledSubarray(rs, { minLength: rs.length, maxLength: rs.length }).map((sh) => [rs, sh] as const),
    );
    fc.assert(
      fc.property(withShuffle, range, ([rs, shuffled], q) => {
        const copy = structuredClone(rs);
        const s = { ...q, seqId: 7 };
        expect(dailyTestedUnits(shuffled, { ...q, productId: ALL_PRODUCTS })).toEqual(
          dailyTestedUnits(rs, { ...q, productId: ALL_PRODUCTS }),
        );
        expect(dailyPassRate(shuffled, s)).toEqual(dailyPassRate(rs, s));
        expect(firstTimePassYield(shuffled, s)).toEqual(firstTimePassYield(rs, s));
        expect(throughputYield(shuffled, s)).toEqual(throughputYield(rs, s));
        expect(rs).toEqual(copy);
      }),
    );
  });

  it('count units of All as the sum over the products, on every day of the range', () => {
    fc.assert(
      fc.property(runs, range, (rs, q) => {
        const all = dailyTestedUnits(rs, { ...q, productId: ALL_PRODUCTS });
        const p1 = dailyTestedUnits(rs, { ...q, productId: 1 });
        const p2 = dailyTestedUnits(rs, { ...q, productId: 2 });
        expect(all.map((r) => r.date)).toEqual(daysBetween(q.startDate, q.stopDate));
        expect(all.map((r) => r.count)).toEqual(p1.map((r, i) => r.count + (p2[i]?.count ?? 0)));
        expect(all.map((r) => r.count)).toEqual(
          all.map(
            (r) =>
              units([...runsOn(rs, r.date, q.zoneOffset, 7), ...runsOn(rs, r.date, q.zoneOffset, 8)]).size,
          ),
        );
      }),
    );
  });

  it('match a per-day recount of pass rate and throughput yield', () => {
    fc.assert(
      fc.property(runs, range, (rs, q) => {
        const s = { ...q, seqId: 7 };
        expect(dailyPassRate(rs, s)).toEqual(
          rows(q, (date) => {
            const judged = runsOn(rs, date, q.zoneOffset, 7).filter((r) => r.result !== Verdict.Aborted);
            return [judged.filter((r) => r.result === Verdict.Passed).length, judged.length];
          }),
        );
        expect(throughputYield(rs, s)).toEqual(
          rows(q, (date) => {
            const day = runsOn(rs, date, q.zoneOffset, 7);
            return [units(day.filter((r) => r.result === Verdict.Passed)).size, units(day).size];
          }),
        );
      }),
    );
  });

  it('match a recount of first-time pass yield from sorted runs', () => {
    fc.assert(
      fc.property(runs, range, (rs, q) => {
        const sorted = rs
          .filter((r) => r.seqId === 7)
          .sort((a, b) => a.startTime - b.startTime || a.result - b.result);
        const firsts = [...new Map(sorted.reverse().map((r) => [`${r.productId}:${r.sn}`, r])).values()];
        expect(firstTimePassYield(rs, { ...q, seqId: 7 })).toEqual(
          rows(q, (date) => {
            const day = runsOn(firsts, date, q.zoneOffset, 7);
            return [day.filter((r) => r.result === Verdict.Passed).length, day.length];
          }),
        );
      }),
    );
  });

  it('give rates from 0 to 100 with two decimals, only on days that have runs', () => {
    fc.assert(
      fc.property(runs, range, (rs, q) => {
        const s = { ...q, seqId: 7 };
        const tpyDays = throughputYield(rs, s).map((r) => r.date);
        for (const report of [dailyPassRate, firstTimePassYield, throughputYield]) {
          for (const { date, passRate } of report(rs, s)) {
            expect(passRate).toBeGreaterThanOrEqual(0);
            expect(passRate).toBeLessThanOrEqual(100);
            expect(Math.round(passRate * 100) / 100).toBe(passRate);
            expect(tpyDays).toContain(date);
          }
        }
      }),
    );
  });

  it('round within half a hundredth of the exact percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.nat(), (whole, p) => {
        const part = p % (whole + 1);
        expect(Math.abs(percent(part, whole) - (100 * part) / whole)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });
});
