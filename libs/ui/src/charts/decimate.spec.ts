import { minMaxDecimate } from './decimate';

describe('minMaxDecimate', () => {
  it('keeps every point up to the threshold, skipping nulls', () => {
    expect(minMaxDecimate([null, 2, 3], 10, 5)).toEqual([
      { x: 1, y: 2 },
      { x: 2, y: 3 },
    ]);
  });

  it("keeps each bucket's first, lowest, highest and last point, in index order", () => {
    // 12 values in 2 buckets of 6
    const values = [5, 9, 1, 5, 5, 6, /* */ 5, 5, 5, -3, 5, 4];
    expect(minMaxDecimate(values, 2, 4)).toEqual([
      { x: 0, y: 5 },
      { x: 1, y: 9 },
      { x: 2, y: 1 },
      { x: 5, y: 6 },
      { x: 6, y: 5 },
      { x: 9, y: -3 },
      { x: 11, y: 4 },
    ]);
  });

  it('draws 100,000 points as at most 4,000, every extreme kept', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => Math.sin(i / 50) + (i === 77_777 ? 40 : 0));
    values[31_415] = -40;
    const line = minMaxDecimate(values);
    expect(line.length).toBeLessThanOrEqual(4000);
    expect(line).toContainEqual({ x: 77_777, y: values[77_777] });
    expect(line).toContainEqual({ x: 31_415, y: -40 });
    expect(line.map((p) => p.x)).toEqual([...line.map((p) => p.x)].sort((a, b) => a - b));
    expect(line.at(-1)!.x).toBe(99_999);
  });
});
