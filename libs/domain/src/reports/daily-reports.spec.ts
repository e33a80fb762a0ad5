import { Verdict } from '../results/verdict';
import type { RunRecord } from './daily-reports';
import {
  ALL_PRODUCTS,
  dailyPassRate,
  dailyTestedUnits,
  firstTimePassYield,
  percent,
  throughputYield,
} from './daily-reports';

const { Passed: P, Failed: F, Aborted: A } = Verdict;
/** Day `day` of March 2024 (0 is the leap day 2024-02-29), UTC. */
const at = (day: number, hour: number, minute = 0) => Date.UTC(2024, 2, day, hour, minute);
const run = (sn: string, startTime: number, result: Verdict, seqId = 7, productId = 1): RunRecord => ({
  sn,
  seqId,
  productId,
  startTime,
  result,
});

/**
 * Test 7 of product 1, days 2024-03-01..04 (at(1..4)); at(0) is 2024-02-29. Hand-computed:
 * - A: passes first time on 03-01.
 * - B: fails first on 03-01, passes the retest the same day, passes again on 03-02.
 * - C: aborted first on 03-01, passes on 03-02.
 * - D: fails first on 02-29 (before the range), passes the retest on 03-02.
 * - E: only an aborted run, on 03-02.
 * - G: fails first on 03-04. Nothing of test 7 on 03-03.
 * Test 8 of product 1: A on 03-03. Test 9 of product 2: a different unit "A" on 03-01.
 */
const RUNS: RunRecord[] = [
  run('A', at(1, 10), P),
  run('B', at(1, 11), F),
  run('B', at(1, 12), P),
  run('B', at(2, 9), P),
  run('C', at(1, 13), A),
  run('C', at(2, 10), P),
  run('D', at(0, 10), F),
  run('D', at(2, 11), P),
  run('E', at(2, 12), A),
  run('G', at(4, 1), F),
  run('A', at(3, 9), P, 8),
  run('A', at(1, 9), F, 9, 2),
];

const MARCH = { startDate: '2024-03-01', stopDate: '2024-03-04', zoneOffset: 0 };
const TEST7 = { ...MARCH, seqId: 7 };

describe('percent', () => {
  it('rounds to two decimals, halves up', () => {
    expect([percent(2, 3), percent(1, 3), percent(1, 8), percent(1, 16), percent(1, 800)]).toEqual([
      66.67, 33.33, 12.5, 6.25, 0.13,
    ]);
    expect([percent(0, 5), percent(7, 7), percent(1, 1600), percent(3, 2000)]).toEqual([0, 100, 0.06, 0.15]);
  });
});

describe('dailyTestedUnits', () => {
  it('counts distinct units of the product per day, every day of the range, zeros included', () => {
    expect(dailyTestedUnits(RUNS, { ...MARCH, productId: 1 })).toEqual([
      { date: '2024-03-01', count: 3 },
      { date: '2024-03-02', count: 4 },
      { date: '2024-03-03', count: 1 },
      { date: '2024-03-04', count: 1 },
    ]);
  });

  it('counts a serial number in two products as two units for All', () => {
    expect(dailyTestedUnits(RUNS, { ...MARCH, productId: ALL_PRODUCTS }).map((r) => r.count)).toEqual([
      4, 4, 1, 1,
    ]);
  });

  it('gives zeros for a product without runs and for no runs', () => {
    expect(dailyTestedUnits(RUNS, { ...MARCH, productId: 2 }).map((r) => r.count)).toEqual([1, 0, 0, 0]);
    expect(dailyTestedUnits([], { ...MARCH, productId: 3 }).map((r) => r.count)).toEqual([0, 0, 0, 0]);
  });

  it('includes the whole first and last day and nothing outside', () => {
    const edge = [
      run('X', at(1, 0), P),
      run('Y', at(1, 23, 59), F),
      run('Z', at(1, 24), P),
      run('W', at(1, 0) - 1, P),
    ];
    expect(
      dailyTestedUnits(edge, {
        startDate: '2024-03-01',
        stopDate: '2024-03-01',
        zoneOffset: 0,
        productId: 1,
      }),
    ).toEqual([{ date: '2024-03-01', count: 2 }]);
  });

  it("counts a run in the day's last millisecond with microseconds, and not in the next day (issue 38)", () => {
    const lastInstant = at(2, 0) - 0.5; // 2024-03-01 23:59:59.9995
    const range = { zoneOffset: 0, productId: 1 };
    const runs = [run('X', lastInstant, P)];
    expect(dailyTestedUnits(runs, { ...range, startDate: '2024-03-01', stopDate: '2024-03-01' })).toEqual([
      { date: '2024-03-01', count: 1 },
    ]);
    expect(dailyTestedUnits(runs, { ...range, startDate: '2024-03-02', stopDate: '2024-03-02' })).toEqual([
      { date: '2024-03-02', count: 0 },
    ]);
  });
});

describe('dailyPassRate', () => {
  it('divides passed runs by passed and failed runs, leaving out aborted runs and empty days', () => {
    expect(dailyPassRate(RUNS, TEST7)).toEqual([
      { date: '2024-03-01', passRate: 66.67 },
      { date: '2024-03-02', passRate: 100 },
      { date: '2024-03-04', passRate: 0 },
    ]);
  });

  it('leaves out a day with only aborted runs', () => {
    expect(dailyPassRate([run('E', at(2, 12), A)], TEST7)).toEqual([]);
  });

  it('looks only at the chosen test', () => {
    expect(dailyPassRate(RUNS, { ...MARCH, seqId: 8 })).toEqual([{ date: '2024-03-03', passRate: 100 }]);
  });
});

describe('firstTimePassYield', () => {
  it('counts each unit on the day of its first run ever, aborted first runs as not passed', () => {
    expect(firstTimePassYield(RUNS, TEST7)).toEqual([
      { date: '2024-03-01', passRate: 33.33 },
      { date: '2024-03-02', passRate: 0 },
      { date: '2024-03-04', passRate: 0 },
    ]);
  });

  it('does not count a retest in the range when the first run came before it', () => {
    expect(firstTimePassYield(RUNS, { ...TEST7, startDate: '2024-03-02', stopDate: '2024-03-03' })).toEqual([
      { date: '2024-03-02', passRate: 0 },
    ]);
    expect(firstTimePassYield(RUNS, { ...TEST7, startDate: '2024-02-28', stopDate: '2024-02-29' })).toEqual([
      { date: '2024-02-29', passRate: 0 },
    ]);
  });

  it('takes the lowest result when two first runs share a start time', () => {
    const t = at(1, 8);
    const tie = (a: Verdict, b: Verdict) => firstTimePassYield([run('T', t, a), run('T', t, b)], TEST7);
    expect(tie(P, F)).toEqual([{ date: '2024-03-01', passRate: 0 }]);
    expect(tie(F, P)).toEqual([{ date: '2024-03-01', passRate: 0 }]);
    expect(tie(P, P)).toEqual([{ date: '2024-03-01', passRate: 100 }]);
  });
});

describe('throughputYield', () => {
  it('gives the share of units tested that day with a passing run that day', () => {
    expect(throughputYield(RUNS, TEST7)).toEqual([
      { date: '2024-03-01', passRate: 66.67 },
      { date: '2024-03-02', passRate: 75 },
      { date: '2024-03-04', passRate: 0 },
    ]);
  });

  it('keeps a day with only aborted runs, at 0', () => {
    expect(throughputYield([run('E', at(2, 12), A)], TEST7)).toEqual([{ date: '2024-03-02', passRate: 0 }]);
  });
});

describe('local days of the zone offset', () => {
  // Z: 2024-03-10 03:00 UTC = 03-09 22:00 at -5, 03-10 12:00 at +9.
  // Y: 2024-03-10 16:00 UTC = 03-10 11:00 at -5, 03-11 01:00 at +9.
  const zoned = [run('Z', Date.UTC(2024, 2, 10, 3), P), run('Y', Date.UTC(2024, 2, 10, 16), F)];
  const range = (zoneOffset: number) => ({ startDate: '2024-03-09', stopDate: '2024-03-11', zoneOffset });

  it('puts the same run on different days for -5 and +9', () => {
    expect(dailyTestedUnits(zoned, { ...range(-5), productId: 1 }).map((r) => r.count)).toEqual([1, 1, 0]);
    expect(dailyTestedUnits(zoned, { ...range(9), productId: 1 }).map((r) => r.count)).toEqual([0, 1, 1]);
    expect(dailyPassRate(zoned, { ...range(-5), seqId: 7 })).toEqual([
      { date: '2024-03-09', passRate: 100 },
      { date: '2024-03-10', passRate: 0 },
    ]);
    expect(firstTimePassYield(zoned, { ...range(9), seqId: 7 })).toEqual([
      { date: '2024-03-10', passRate: 100 },
      { date: '2024-03-11', passRate: 0 },
    ]);
  });

  it('cuts the range at local midnight', () => {
    const day10 = (zoneOffset: number) => ({
      startDate: '2024-03-10',
      stopDate: '2024-03-10',
      zoneOffset,
      seqId: 7,
    });
    expect(throughputYield(zoned, day10(-5))).toEqual([{ date: '2024-03-10', passRate: 0 }]);
    expect(throughputYield(zoned, day10(9))).toEqual([{ date: '2024-03-10', passRate: 100 }]);
  });

  it('handles fractional offsets', () => {
    const runs = [
      run('K', Date.UTC(2024, 2, 10, 18, 29, 59, 999), P),
      run('L', Date.UTC(2024, 2, 10, 18, 30), P),
    ];
    const q = { startDate: '2024-03-10', stopDate: '2024-03-11', zoneOffset: 5.5, productId: 1 };
    expect(dailyTestedUnits(runs, q).map((r) => r.count)).toEqual([1, 1]);
  });

  it('refuses a reversed range and an invalid offset', () => {
    expect(() => dailyPassRate(RUNS, { ...TEST7, startDate: '2024-03-05' })).toThrow(RangeError);
    expect(() => throughputYield(RUNS, { ...TEST7, zoneOffset: 5.2 })).toThrow(RangeError);
  });
});
