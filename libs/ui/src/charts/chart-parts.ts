import { Chart, type ChartComponentLike } from 'chart.js';
import { numericTick } from './numeric-tick';

const registered = new Set<ChartComponentLike>();

/**
 * chart.js is tree-shaken and libs/ui has no side effects: each chart registers the parts it draws
 * with on its first render, not at import, and only once.
 */
export function registerChartParts(...parts: ChartComponentLike[]): void {
  const missing = parts.filter((part) => !registered.has(part));
  if (missing.length === 0) return;
  Chart.register(...missing);
  for (const part of missing) registered.add(part);
  // every linear axis writes its labels without Intl (numeric-tick.ts); an axis's own callback wins
  const linear = Chart.defaults.scales['linear'];
  if (linear) linear.ticks.callback = numericTick;
}
