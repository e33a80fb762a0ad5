/**
 * The trace band of one step (docs/measurements.md, "Trace band"): per frequency point, over the
 * traces on one frequency grid, the median with the p5-p95 band and the min-max band. Traces on
 * another grid are left out and counted: a point of another grid is another frequency, and
 * interpolating would draw levels no unit measured.
 */
import { percentileOfSorted } from './percentiles';

export interface BandTrace {
  freqsMhz: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface TraceBand {
  freqsMhz: number[];
  median: number[];
  p5: number[];
  p95: number[];
  min: number[];
  max: number[];
  /** Traces in the band. */
  traces: number;
  /** Traces on another grid, left out. */
  otherGrid: number;
}

function sameGrid(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const gridKey = (f: ArrayLike<number>) => `${f.length}:${f[0]}:${f[f.length - 1]}`;

/**
 * The grid of the band: `preferred` (the selected unit's) when given, else the grid most traces
 * share (the earliest such trace's on a tie).
 */
export function bandGrid(
  traces: readonly BandTrace[],
  preferred?: ArrayLike<number>,
): ArrayLike<number> | null {
  if (preferred) return preferred;
  const groups = new Map<string, { grid: ArrayLike<number>; n: number }[]>();
  let best: { grid: ArrayLike<number>; n: number } | null = null;
  for (const t of traces) {
    const key = gridKey(t.freqsMhz);
    const list = groups.get(key) ?? [];
    let group = list.find((g) => sameGrid(g.grid, t.freqsMhz));
    if (!group) {
      group = { grid: t.freqsMhz, n: 0 };
      list.push(group);
      groups.set(key, list);
    }
    group.n++;
    if (!best || group.n > best.n) best = group;
  }
  return best?.grid ?? null;
}

/** The band of `traces` on `grid` (bandGrid's choice when not given); null when no trace fits. */
export function traceBand(traces: readonly BandTrace[], grid?: ArrayLike<number>): TraceBand | null {
  const chosen = bandGrid(traces, grid);
  if (!chosen) return null;
  const fitting = traces.filter((t) => sameGrid(t.freqsMhz, chosen));
  if (fitting.length === 0) return null;
  const points = chosen.length;
  const band: TraceBand = {
    freqsMhz: Array.from(chosen),
    median: new Array<number>(points),
    p5: new Array<number>(points),
    p95: new Array<number>(points),
    min: new Array<number>(points),
    max: new Array<number>(points),
    traces: fitting.length,
    otherGrid: traces.length - fitting.length,
  };
  const column = new Float64Array(fitting.length);
  for (let i = 0; i < points; i++) {
    for (let t = 0; t < fitting.length; t++) column[t] = fitting[t]!.values[i]!;
    column.sort();
    band.median[i] = percentileOfSorted(column, 50);
    band.p5[i] = percentileOfSorted(column, 5);
    band.p95[i] = percentileOfSorted(column, 95);
    band.min[i] = column[0]!;
    band.max[i] = column[fitting.length - 1]!;
  }
  return band;
}
