import { nearestRank, percentileOfSorted } from './percentiles';
import { traceBand } from './trace-band';

describe('nearest-rank percentiles', () => {
  it('takes rank ⌈p·n/100⌉, at least 1', () => {
    expect(nearestRank(95, 20)).toBe(19);
    expect(nearestRank(5, 20)).toBe(1);
    expect(nearestRank(50, 5)).toBe(3);
    expect(nearestRank(50, 4)).toBe(2);
    expect(nearestRank(0, 4)).toBe(1);
    expect(nearestRank(100, 4)).toBe(4);
    expect(percentileOfSorted([10, 20, 30, 40], 50)).toBe(20);
    expect(percentileOfSorted([], 50)).toBeNaN();
  });
});

describe('traceBand', () => {
  const grid = [800, 900];
  it('gives median, p5, p95, min and max per point, leaving out and counting another grid', () => {
    const band = traceBand([
      { freqsMhz: grid, values: [3, 30] },
      { freqsMhz: grid, values: [1, 10] },
      { freqsMhz: grid, values: [2, 20] },
      { freqsMhz: [800, 950], values: [9, 9] },
    ])!;
    expect(band).toEqual({
      freqsMhz: grid,
      median: [2, 20],
      p5: [1, 10],
      p95: [3, 30],
      min: [1, 10],
      max: [3, 30],
      traces: 3,
      otherGrid: 1,
    });
  });

  it("uses the selected unit's grid when given, even if fewer traces share it", () => {
    const band = traceBand(
      [
        { freqsMhz: grid, values: [1, 1] },
        { freqsMhz: grid, values: [1, 1] },
        { freqsMhz: [800, 950], values: [5, 6] },
      ],
      [800, 950],
    )!;
    expect(band).toMatchObject({ freqsMhz: [800, 950], median: [5, 6], traces: 1, otherGrid: 2 });
  });

  it('has no band without traces', () => {
    expect(traceBand([])).toBeNull();
  });
});
