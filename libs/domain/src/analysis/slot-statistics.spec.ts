import fc from 'fast-check';
import { capability, countOutside, type CapabilityFigures, type SpecLimits } from './capability';
import {
  capabilityOfStatistics,
  mergeAll,
  mergeSlots,
  slotOutside,
  slotStatistics,
  type SlotStatistics,
} from './slot-statistics';

/** a and b equal to `rel` of `scale` (both null, or both the same non-number, count as equal). */
function near(a: number | null, b: number | null, scale: number, rel = 1e-12): boolean {
  if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b)) return Object.is(a, b);
  return Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b), scale);
}

/**
 * The merged figures against the row-wise ones: n, reasons and PPM's presence equal; x̄ to 1e-12
 * of its size or of s (a mean near 0 has no relative digits of its own); s, σ within and the
 * indices to 1e-12 relative (the indices to 1e-12 of 1, as (USL − x̄) carries x̄'s error).
 */
function sameFigures(merged: CapabilityFigures, rows: CapabilityFigures): boolean {
  const s = rows.sigmaOverall ?? 0;
  return (
    merged.n === rows.n &&
    merged.reason === rows.reason &&
    near(merged.mean, rows.mean, s) &&
    near(merged.sigmaOverall, rows.sigmaOverall, 0) &&
    near(merged.sigmaWithin, rows.sigmaWithin, 0) &&
    (['cp', 'cpk', 'pp', 'ppk'] as const).every((k) => near(merged[k], rows[k], 1, 1e-11)) &&
    merged.observedPercentOut === rows.observedPercentOut &&
    (merged.expectedPpm === null) === (rows.expectedPpm === null)
  );
}

/** The values cut at `cuts` (positions, any order, repeats and out-of-range ones ignored). */
function split(values: readonly number[], cuts: readonly number[]): number[][] {
  const at = [...new Set(cuts.map((c) => c % values.length).filter((c) => c > 0))].sort((a, b) => a - b);
  return [0, ...at].map((start, k) => values.slice(start, at[k] ?? values.length));
}

/** Count outside from the slots, reading a slot's values only when its min and max cannot tell. */
const outsideOf = (slots: SlotStatistics[], parts: number[][], limits: SpecLimits) =>
  slots.reduce((sum, slot, k) => sum + (slotOutside(slot, limits) ?? countOutside(parts[k]!, limits)), 0);

/** Values about a base (0, 1e7 as the design names, a negative one, a tiny one) with a spread. */
const series = fc
  .record({
    base: fc.constantFrom(0, 10_000_000, 10_000_000.1, -273.15, 1e-6, 123456.789),
    spread: fc.constantFrom(0.1, 1, 1e-3, 25),
    // deviations below NEGLIGIBLE_DEVIATION square to 0 (docs/measurements.md), so one about that
    // size counts in one order of merging and not in another: units below 1e-140 count as 0
    units: fc.array(
      fc.double({ min: -1, max: 1, noNaN: true }).map((u) => (Math.abs(u) < 1e-140 ? 0 : u)),
      { minLength: 1, maxLength: 150 },
    ),
  })
  .map(({ base, spread, units }) => ({ values: units.map((u) => base + spread * u), base, spread }));

const limitsOf = (base: number, spread: number): SpecLimits => ({
  lower: base - 0.8 * spread,
  upper: base + 0.9 * spread,
});

describe('merged statistics', () => {
  it('equal the row-wise figures for any split into slots, each built at once or insert by insert', () => {
    const inserts = fc.array(fc.nat(), { maxLength: 20 });
    fc.assert(
      fc.property(series, inserts, inserts, ({ values, base, spread }, cuts, insertCuts) => {
        const parts = split(values, cuts);
        const limits = limitsOf(base, spread);
        const rows = capability(values, limits);
        const atOnce = parts.map(slotStatistics);
        // as the upload's trigger keeps a slot: each insert's own statistics merged after the slot's
        const byInsert = parts.map((p) => mergeAll(split(p, insertCuts).map(slotStatistics))!);
        for (const slots of [atOnce, byInsert]) {
          const merged = capabilityOfStatistics(mergeAll(slots), limits, outsideOf(slots, parts, limits));
          if (!sameFigures(merged, rows)) return false;
        }
        return true;
      }),
      { numRuns: 400 },
    );
  });

  it('keeps 10000000.1, .2, .3 exact across slots', () => {
    const values = [10_000_000.1, 10_000_000.2, 10_000_000.3, 10_000_000.2];
    const merged = mergeAll([slotStatistics(values.slice(0, 1)), slotStatistics(values.slice(1))])!;
    const f = capabilityOfStatistics(merged, { lower: 10_000_000, upper: 10_000_000.4 }, 0);
    const rows = capability(values, { lower: 10_000_000, upper: 10_000_000.4 });
    expect(Math.abs(f.sigmaOverall! / rows.sigmaOverall! - 1)).toBeLessThan(1e-12);
    expect(Math.abs(f.sigmaWithin! / rows.sigmaWithin! - 1)).toBeLessThan(1e-12);
    expect(f.sigmaOverall).toBeCloseTo(0.0816496580927726, 8);
    // a one-pass Σx² − (Σx)²/n of the same values is off by far more (the reason for the shift)
    const oneSum = values.reduce((a, x) => a + x, 0);
    const onePass = Math.sqrt((values.reduce((a, x) => a + x * x, 0) - (oneSum * oneSum) / 4) / 3);
    expect(Math.abs(onePass / rows.sigmaOverall! - 1)).toBeGreaterThan(1e-6);
  });

  it('gives the row-wise indices when the two means round to neighbouring doubles', () => {
    // fast-check's counterexample: merged value by value, x̄ came out one ulp of 1e7 (1.9e-9) from
    // the row-wise x̄, a millionth of this spread, and Cpk with it, while the offsets agree
    const values = [1e7, 1e7, 1e7, 9999999.999, 1e7, 1e7, 1e7, 9999999.999, 1e7, 1e7, 1e7, 1e7];
    const limits = limitsOf(1e7, 0.001);
    const merged = mergeAll(values.map((v) => slotStatistics([v])))!;
    const f = capabilityOfStatistics(merged, limits, outsideOf([merged], [values], limits));
    expect(sameFigures(f, capability(values, limits))).toBe(true);
  });

  it('adds the moving range between slots once, at the seam', () => {
    const merged = mergeSlots(slotStatistics([1, 3]), slotStatistics([10, 9]));
    expect(merged).toMatchObject({ n: 4, first: 1, last: 9, mrSum: 2 + 7 + 1, min: 1, max: 10 });
    expect(merged.first + merged.meanOffset).toBe(5.75);
  });

  it('gives the reasons of too few values and of zero spread as the row-wise figures do', () => {
    const none = capabilityOfStatistics(null, { lower: 0, upper: 1 }, 0);
    expect(none).toEqual(capability([], { lower: 0, upper: 1 }));
    const one = capabilityOfStatistics(slotStatistics([5]), { lower: 0, upper: 9 }, 0);
    expect(one).toEqual(capability([5], { lower: 0, upper: 9 }));
    const flat = mergeAll([slotStatistics([2, 2]), slotStatistics([2])]);
    expect(capabilityOfStatistics(flat, { lower: 0, upper: 9 }, 0).reason).toBe(
      capability([2, 2, 2], { lower: 0, upper: 9 }).reason,
    );
  });

  it('squares a deviation below 1e-150 to 0, in a slot and across a merge, as its SQL twin must', () => {
    const tiny = [0, 1e-160, -1e-170, 5e-324];
    expect(slotStatistics(tiny).m2).toBe(0);
    expect(mergeAll(tiny.map((x) => slotStatistics([x])))!.m2).toBe(0);
    const figures = capabilityOfStatistics(slotStatistics(tiny), { lower: -1, upper: 1 }, 0);
    expect(figures).toEqual(capability(tiny, { lower: -1, upper: 1 }));
    expect(slotStatistics([0, 1e-140]).m2).toBeGreaterThan(0);
  });

  it('has no merge of no slots', () => {
    expect(mergeAll([])).toBeNull();
  });
});

describe('slotOutside', () => {
  const slot = (values: number[]) => slotStatistics(values);
  const limits = { lower: 0, upper: 10 };

  it('answers from the minimum and maximum when they tell', () => {
    expect(slotOutside(slot([1, 5, 10]), limits)).toBe(0);
    expect(slotOutside(slot([-3, -1]), limits)).toBe(2);
    expect(slotOutside(slot([11, 12, 13]), limits)).toBe(3);
    expect(slotOutside(slot([11, 12]), { lower: null, upper: 10 })).toBe(2);
    expect(slotOutside(slot([-1, 99]), { lower: null, upper: null })).toBe(0);
  });

  it('asks for the values when the slot straddles a limit', () => {
    expect(slotOutside(slot([5, 11]), limits)).toBeNull();
    expect(slotOutside(slot([-1, 11]), limits)).toBeNull();
    expect(slotOutside(slot([-1, 5]), { lower: 0, upper: null })).toBeNull();
  });
});
