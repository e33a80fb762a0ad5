import { decimatedLine } from './decimate';

describe('decimatedLine', () => {
  it('keeps every point up to the threshold, skipping nulls', () => {
    expect(decimatedLine([null, 2, 3], 10)).toEqual([
      { x: 1, y: 2 },
      { x: 2, y: 3 },
    ]);
  });

  it("keeps each column's lowest and highest point, in index order, a null column none", () => {
    // 12 values in 2 columns of 6 (above 4: 4 / 2 columns)
    const values = [5, 9, 1, 5, 5, 6, /* */ null, 5, null, -3, 5, 4];
    expect(decimatedLine(values, 4)).toEqual([
      { x: 1, y: 9 },
      { x: 2, y: 1 },
      { x: 7, y: 5 },
      { x: 9, y: -3 },
    ]);
    expect(decimatedLine([null, null, null, 1, 2, 3], 2)).toEqual([
      { x: 3, y: 1 },
      { x: 5, y: 3 },
    ]);
  });

  it('draws 100,000 points as at most 4,000, every extreme kept', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => Math.sin(i / 50) + (i === 77_777 ? 40 : 0));
    values[31_415] = -40;
    const line = decimatedLine(values);
    expect(line.length).toBeLessThanOrEqual(4000);
    expect(line).toContainEqual({ x: 77_777, y: values[77_777] });
    expect(line).toContainEqual({ x: 31_415, y: -40 });
    expect(line.map((p) => p.x)).toEqual([...line.map((p) => p.x)].sort((a, b) => a - b));
  });
});
