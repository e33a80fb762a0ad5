import fc from 'fast-check';
import type { SpecLimits } from './capability';
import {
  binIndex,
  addFineBins,
  fineBins,
  fineBinWidth,
  histogram,
  histogramGrid,
  histogramOf,
  pow2Floor,
  type FineBins,
} from './histogram';

/** The values cut at `cuts` (positions, any order, repeats and out-of-range ones ignored): quarter hours. */
function split(values: readonly number[], cuts: readonly number[]): number[][] {
  const at = [...new Set(cuts.map((c) => c % values.length).filter((c) => c > 0))].sort((a, b) => a - b);
  return [0, ...at].map((start, k) => values.slice(start, at[k] ?? values.length));
}

/** What capability does: the range's grid from its extremes, each part's fine bins coarsened onto it. */
function merged(parts: readonly FineBins[], values: readonly number[], limits: SpecLimits) {
  const grid = histogramGrid(Math.min(...values), Math.max(...values), values.length, limits)!;
  return histogramOf(grid, addFineBins(grid, new Array<number>(grid.bins).fill(0), parts));
}

/** Values about a base (0, 1e7 as the design names, a negative one, a tiny one) with a spread. */
const series = fc
  .record({
    base: fc.constantFrom(0, 10_000_000, 10_000_000.1, -273.15, 1e-6, 123456.789),
    spread: fc.constantFrom(0.1, 1, 1e-3, 25, 0),
    units: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 150 }),
    outlier: fc.option(fc.constantFrom(1e9, -5e4, 1e-300), { nil: undefined }),
  })
  .map(({ base, spread, units, outlier }) => ({
    values: [...units.map((u) => base + spread * u), ...(outlier === undefined ? [] : [outlier])],
    base,
    spread,
  }));

const limitsOf = (base: number, spread: number, sides: 0 | 1 | 2): SpecLimits => ({
  lower: sides === 2 ? base - 0.8 * spread - 1e-3 : null,
  upper: sides >= 1 ? base + 0.9 * spread + 1e-3 : null,
});

describe('pow2Floor', () => {
  it('is the largest power of two not above x, exactly', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1e300, noNaN: true }), (x) => {
        const p = pow2Floor(x);
        return p <= x && p * 2 > x && Number.isInteger(Math.log2(p));
      }),
    );
    expect([pow2Floor(1), pow2Floor(8), pow2Floor(7.999), pow2Floor(0), pow2Floor(-3)]).toEqual([
      1, 8, 4, 0, 0,
    ]);
  });
});

describe('the histogram', () => {
  it('spans the values and the limits in equal bins of a power of two, at most √n and 60', () => {
    expect(histogram([0, 1, 2, 3], { lower: 0, upper: 4 })).toEqual([
      { from: 0, to: 1, count: 1 },
      { from: 1, to: 2, count: 1 },
      { from: 2, to: 3, count: 1 },
      { from: 3, to: 4, count: 1 },
      { from: 4, to: 5, count: 0 },
    ]);
    const bins = histogram([0, 1, 2, 3], { lower: null, upper: 10 });
    expect(bins.map((b) => [b.from, b.to, b.count])).toEqual([
      [0, 4, 4],
      [4, 8, 0],
      [8, 12, 0],
    ]);
  });

  it('bins a value smaller than the width below zero when it is negative (its quotient underflows to -0)', () => {
    expect([
      binIndex(-5e-324, 2 ** 23),
      binIndex(5e-324, 2 ** 23),
      binIndex(-0, 1),
      binIndex(-(2 ** 23), 2 ** 23),
    ]).toEqual([-1, 0, 0, -1]);
    const bins = histogram([-5e-324, 0, 1e9], { lower: null, upper: null });
    expect(bins[0]).toEqual({ from: -(2 ** 28), to: 0, count: 1 });
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(3);
  });

  it('puts equal values into one narrow bin', () => {
    expect(histogram([2, 2], { lower: null, upper: null })).toEqual([
      { from: 2, to: 2 + 2 ** -39, count: 2 },
    ]);
    expect(histogram([0, 0, 0], { lower: null, upper: null })).toEqual([
      { from: 0, to: 2 ** -965, count: 3 },
    ]);
  });

  it('merged from any split into slots, each binned at its own width, equals the histogram row by row', () => {
    fc.assert(
      fc.property(
        series,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.constantFrom<0 | 1 | 2>(0, 1, 2),
        ({ values, base, spread }, cuts, sides) => {
          const limits = limitsOf(base, spread, sides);
          const want = histogram(values, limits);
          expect(merged(split(values, cuts).map(fineBins), values, limits)).toEqual(want);
          // every value counted once, in a bin that holds it, with equal widths and at most 60 bins
          expect(want.reduce((a, b) => a + b.count, 0)).toBe(values.length);
          expect(want.length).toBeLessThanOrEqual(60);
          expect(new Set(want.map((b) => b.to - b.from)).size).toBe(1);
          for (const x of values) expect(want.some((b) => b.from <= x && x < b.to && b.count > 0)).toBe(true);
        },
      ),
    );
  });

  it("never gives a slot a width above its range's (the range coarsens, never refines)", () => {
    fc.assert(
      fc.property(series, fc.array(fc.nat(), { maxLength: 12 }), ({ values }, cuts) => {
        const range = fineBinWidth(Math.min(...values), Math.max(...values));
        return split(values, cuts).every((part) => fineBins(part).width <= range);
      }),
    );
  });
});
