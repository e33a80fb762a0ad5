/**
 * The failure Pareto (docs/measurements.md, "Failure Pareto"): failed runs counted by failing
 * step, in descending order with the cumulative percent. Two ways to count: each failed run once,
 * at its first failing step; or every failing step of every failed run. Aborted runs are a bar of
 * their own, counted once each in both ways.
 */

export type ParetoCount = 'first' | 'every';

/** A failed or aborted run as the Pareto sees it: its failing steps' keys in step order. */
export interface ParetoRun {
  aborted: boolean;
  failingSteps: readonly string[];
  /** How many runs failed alike (SQL groups equal ones); default 1. */
  runs?: number;
}

export interface ParetoBar {
  /** The failing step's key; null for the aborted runs' bar. */
  key: string | null;
  count: number;
  /** Of all counts shown, two decimals. */
  percent: number;
  cumulativePercent: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The bars: most counted first, equal counts by key in code-point order with the aborted bar
 * last among its equals. A failed run without a failing step (a run judged failed as a whole) is
 * not counted.
 */
export function pareto(runs: readonly ParetoRun[], count: ParetoCount): ParetoBar[] {
  const counts = new Map<string | null, number>();
  for (const run of runs) {
    const add = (key: string | null) => counts.set(key, (counts.get(key) ?? 0) + (run.runs ?? 1));
    if (run.aborted) add(null);
    else if (count === 'first') {
      if (run.failingSteps.length > 0) add(run.failingSteps[0]!);
    } else for (const key of new Set(run.failingSteps)) add(key);
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const order = [...counts.entries()].sort(
    ([ka, a], [kb, b]) => b - a || (ka === null ? 1 : kb === null ? -1 : ka < kb ? -1 : ka > kb ? 1 : 0),
  );
  let running = 0;
  return order.map(([key, n]) => {
    running += n;
    return {
      key,
      count: n,
      percent: round2((100 * n) / total),
      cumulativePercent: round2((100 * running) / total),
    };
  });
}
