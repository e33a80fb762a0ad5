import fc from 'fast-check';
import { reduceSeries, reducedIndexes, windowOf } from './chart-reduction';
import { controlLimits, westernElectric } from './control-chart';
import { changesOf, controlPoints, controlSeries, type ControlColumns } from './control-series';

/** Each column's lowest and highest index of values[from, to) in `width` columns, as the reduction defines them. */
function columnExtremes(values: number[], width: number, from: number, to: number): number[] {
  const n = to - from;
  const columns = new Map<number, number[]>();
  for (let i = from; i < to; i++) {
    const c = Math.floor(((i - from) * width) / n);
    columns.set(c, [...(columns.get(c) ?? []), i]);
  }
  return [...columns.values()].flatMap((idx) => {
    const lo = idx.reduce((a, i) => (values[i]! < values[a]! ? i : a));
    const hi = idx.reduce((a, i) => (values[i]! > values[a]! ? i : a));
    return [lo, hi];
  });
}

const flaggedOf = (values: number[]) => {
  const limits = controlLimits(values);
  if (!limits) return [];
  return westernElectric(values, limits.centre, limits.sigmaWithin)
    .map((rules, i) => (rules.length > 0 ? i : -1))
    .filter((i) => i >= 0);
};

describe('reducedIndexes', () => {
  it('keeps every break, every column extreme, in time order, at most 2 × width + breaks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 0, maxLength: 600 }),
        fc.integer({ min: 1, max: 60 }),
        fc.nat(),
        fc.nat(),
        (values, width, a, b) => {
          const n = values.length;
          const [from, to] = n === 0 ? [0, 0] : [a % n, b % (n + 1)].sort((x, y) => x - y);
          const flagged = flaggedOf(values);
          const keep = reducedIndexes(values, flagged, width, from!, to!);
          const kept = new Set(keep);
          const inWindow = flagged.filter((i) => i >= from! && i < to!);
          const ascending = keep.every((i, k) => k === 0 || keep[k - 1]! < i);
          const within = keep.every((i) => i >= from! && i < to!);
          const fits = to! - from! <= 2 * width;
          return (
            ascending &&
            within &&
            inWindow.every((i) => kept.has(i)) &&
            (fits
              ? keep.length === to! - from!
              : columnExtremes(values, width, from!, to!).every((i) => kept.has(i)) &&
                keep.length <= 2 * width + inWindow.length)
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps every point when they fit two to a column', () => {
    expect(reducedIndexes([5, 1, 4], [], 2)).toEqual([0, 1, 2]);
  });

  it('keeps a column of equal values once', () => {
    expect(reducedIndexes([1, 1, 1, 1, 1, 1], [], 1)).toEqual([0]);
  });

  it("takes a column's extremes among its numbers, past a NaN or null first value", () => {
    // a NaN first used to stay the column's lowest and highest, as every comparison with it is false
    expect(reducedIndexes([NaN, 3, 1, 2, 5, 4], [], 1)).toEqual([2, 4]);
    expect(reducedIndexes([null, 3, 1, NaN, 5, 4], [], 1)).toEqual([2, 4]);
    expect(reducedIndexes([NaN, NaN, NaN, 1, 7, 2], [], 2)).toEqual([3, 4]);
  });
});

describe('windowOf', () => {
  it('finds the points from start to stop, both included', () => {
    const times = [10, 20, 20, 30, 40];
    expect(windowOf(times, 20, 30)).toEqual({ from: 1, to: 4 });
    expect(windowOf(times, 0, 5)).toEqual({ from: 0, to: 0 });
    expect(windowOf(times, 41, 99)).toEqual({ from: 5, to: 5 });
  });
});

describe('reduceSeries', () => {
  const columns = (values: number[]): ControlColumns => ({
    runIds: values.map((_, i) => 100 + i),
    times: values.map((_, i) => 1000 * i),
    sns: values.map((_, i) => `SN${i}`),
    values,
    ...changesOf(
      values.map((_, i) => (i < 4 ? 0 : -1)),
      values.map(() => 10),
      values.map((_, i) => (i < 6 ? 1 : 2)),
    ),
  });

  it('gives each kept point its own columns, limits, version, rules and moving range among all points', () => {
    const values = [5, 5, 5, 5, 5, 5, 5, 5, 9.9, 5];
    const flags = values.map((_, i) => (i === 8 ? [1 as const] : []));
    const series = controlSeries(columns(values), flags);
    const keep = [1, 3, 5, 8];
    const { points, reduction } = reduceSeries(series, keep, 2);
    const all = controlPoints(series);
    const cut = controlPoints(points);
    expect(cut.map((p) => p.runId)).toEqual(keep.map((i) => all[i]!.runId));
    expect(cut.map(({ lower, upper, version, rules }) => ({ lower, upper, version, rules }))).toEqual(
      keep.map((i) => ({
        lower: all[i]!.lower,
        upper: all[i]!.upper,
        version: all[i]!.version,
        rules: all[i]!.rules,
      })),
    );
    expect(reduction).toEqual({
      total: 10,
      width: 2,
      indexes: keep,
      movingRanges: keep.map((i) => all[i]!.movingRange),
    });
  });

  it('drops a limits entry no kept point is under', () => {
    const series = controlSeries(
      columns([1, 2, 3, 4, 5, 6, 7, 8]),
      Array.from({ length: 8 }, () => []),
    );
    expect(reduceSeries(series, [0, 7], 1).points.limits).toEqual([
      { from: 0, lower: 0, upper: 10 },
      { from: 1, lower: -1, upper: 10 },
    ]);
    expect(reduceSeries(series, [5, 7], 1).points.limits).toEqual([{ from: 0, lower: -1, upper: 10 }]);
  });
});
