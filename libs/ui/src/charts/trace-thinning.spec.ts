import type { TraceLimitLine } from '@sweepline/domain';
import { thinnedPoints, worstFailingIndexes } from './trace-thinning';

/** A 1601-point sweep of 300-1100 MHz: a pass band near -1 dB in 500-700 MHz, -40 dB outside, with ripple. */
const FREQS = Array.from({ length: 1601 }, (_, i) => 300 + i * 0.5);
const VALUES = FREQS.map((f, i) => (f >= 500 && f <= 700 ? -1 : -40) + 0.05 * Math.sin(i * 1.7));
/** Insertion loss ≤ 1.2 dB over the band: below -1.2 dB of |S21| fails. */
const LINE: TraceLimitLine = {
  limit: 'upper',
  yValue: -1.2,
  fromMHz: 500,
  toMHz: 700,
  failSide: 'below',
  rule: 'everyPoint' as TraceLimitLine['rule'],
  label: 'Insertion loss ≤ 1.2 dB',
};

/** Indexes [from, to) split into `width` columns the way the domain's reduction splits them. */
function columns(from: number, to: number, width: number): number[][] {
  const out: number[][] = Array.from({ length: width }, () => []);
  for (let i = from; i < to; i++) out[Math.floor(((i - from) * width) / (to - from))]!.push(i);
  return out;
}

const indexOf = (x: number) => FREQS.indexOf(x);

describe('a trace thinned to its plot', () => {
  it('keeps each pixel column’s lowest and highest point, in frequency order, at most two a column', () => {
    const points = thinnedPoints(FREQS, VALUES, 300, undefined);
    expect(points.length).toBeLessThanOrEqual(600 + 2);
    expect(points.length).toBeGreaterThan(300);
    const xs = points.map((p) => p.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const kept = new Set(xs.map(indexOf));
    for (const column of columns(0, FREQS.length, 300)) {
      const lowest = Math.min(...column.map((i) => VALUES[i]!));
      const highest = Math.max(...column.map((i) => VALUES[i]!));
      const shown = column.filter((i) => kept.has(i)).map((i) => VALUES[i]!);
      expect(Math.min(...shown)).toBe(lowest);
      expect(Math.max(...shown)).toBe(highest);
    }
    expect(points).toContainEqual({ x: FREQS[0], y: VALUES[0] });
  });

  it('thins the frequencies in view from every point, one point beyond each edge, and shows every point once they fit', () => {
    const range = { min: 480, max: 720 };
    const inView = FREQS.filter((f) => f >= 480 && f <= 720).length; // 481
    const narrow = thinnedPoints(FREQS, VALUES, 200, range);
    expect(narrow.length).toBeLessThanOrEqual(400 + 2);
    expect(narrow[0]!.x).toBeLessThan(480);
    expect(narrow.at(-1)!.x).toBeGreaterThan(720);
    // a wider plot (a resize) or a narrower range (a zoom) thins again from the whole trace
    const wide = thinnedPoints(FREQS, VALUES, 400, range);
    expect(wide).toHaveLength(inView + 2);
    expect(wide.map((p) => p.x)).toEqual(
      FREQS.filter((_, i) => i >= indexOf(480) - 1 && i <= indexOf(720) + 1),
    );
  });

  it('draws every point while the plot has no width yet', () => {
    expect(thinnedPoints(FREQS, VALUES, 0, { min: 480, max: 720 })).toHaveLength(1601);
    expect(thinnedPoints([], [], 300, undefined)).toEqual([]);
  });

  it('leaves every failing point visible: its column keeps a point as deep, and each line’s worst point is exact', () => {
    const values = [...VALUES];
    // scattered failures, and the worst one at the line's start, where a column straddles 500 MHz
    for (const i of [450, 451, 600, 700, 790]) values[i] = -1.3 - (i % 7) * 0.01;
    const start = indexOf(500);
    values[start] = -1.9;
    values[start - 1] = -0.5; // the column's highest, outside the line
    const worst = worstFailingIndexes(FREQS, values, [LINE]);
    expect(worst).toEqual([start]);
    const points = thinnedPoints(FREQS, values, 150, undefined, worst);
    const kept = new Set(points.map((p) => indexOf(p.x)));
    expect(kept.has(start)).toBe(true);
    const failing = values.flatMap((v, i) => (FREQS[i]! >= 500 && FREQS[i]! <= 700 && v < -1.2 ? [i] : []));
    expect(failing.length).toBeGreaterThan(5);
    for (const column of columns(0, FREQS.length, 150)) {
      const fails = column.filter((i) => failing.includes(i));
      if (fails.length === 0) continue;
      const deepest = Math.min(...fails.map((i) => values[i]!));
      expect(column.some((i) => kept.has(i) && values[i]! <= deepest)).toBe(true);
    }
  });

  it('finds no worst point where the trace passes, and one per failing line, on its failing side', () => {
    expect(worstFailingIndexes(FREQS, VALUES, [LINE])).toEqual([]);
    const above: TraceLimitLine = { ...LINE, limit: 'lower', yValue: -1.02, failSide: 'above' };
    const [i] = worstFailingIndexes(FREQS, VALUES, [above]);
    const inBand = VALUES.filter((_, k) => FREQS[k]! >= 500 && FREQS[k]! <= 700);
    expect(VALUES[i!]).toBe(Math.max(...inBand));
    expect(worstFailingIndexes(FREQS, VALUES, [above, LINE, above])).toEqual([i]);
  });
});
