/**
 * Individuals and moving-range charts (docs/requirements/measurement-analytics.md#control-charts; docs/measurements.md,
 * "Control chart"): I chart x̄ ± 2.66 MR̄ (= 3 σ within, σ within = MR̄ / 1.128), MR chart
 * centre MR̄ with upper limit 3.267 MR̄ (D4 for subgroups of 2) and lower limit 0.
 */
import { D2, mean } from './sums';

/** E2 for subgroups of 2 (3 / d2, as the AIAG SPC manual tabulates it). */
export const E2 = 2.66;
/** D4 for subgroups of 2. */
export const D4 = 3.267;

export interface ControlLimits {
  /** x̄ */
  centre: number;
  /** MR̄ / 1.128 */
  sigmaWithin: number;
  /** x̄ ± 2.66 MR̄ */
  lowerLimit: number;
  upperLimit: number;
  /** MR̄ */
  mrCentre: number;
  /** 3.267 MR̄ */
  mrUpperLimit: number;
}

/** The limits of the I-MR charts; null for fewer than 2 values (no moving range). */
export function controlLimits(values: readonly number[]): ControlLimits | null {
  if (values.length < 2) return null;
  const centre = mean(values);
  const mrCentre = meanMovingRange(values);
  return {
    centre,
    // sigmaWithin(values), without a second list of the moving ranges
    sigmaWithin: mrCentre / D2,
    lowerLimit: centre - E2 * mrCentre,
    upperLimit: centre + E2 * mrCentre,
    mrCentre,
    mrUpperLimit: D4 * mrCentre,
  };
}

/**
 * mean(movingRanges(values)) without the list: the same sums in the same order (about the first
 * moving range), so the same number to the bit; a chart of 60,000 points made the list twice.
 */
function meanMovingRange(values: readonly number[]): number {
  const origin = Math.abs(values[1]! - values[0]!);
  let sum = 0;
  for (let i = 1; i < values.length; i++) sum += Math.abs(values[i]! - values[i - 1]!) - origin;
  return origin + sum / (values.length - 1);
}

/** The Western Electric rules, numbered as the Statistical Quality Control Handbook does. */
export type WesternElectricRule = 1 | 2 | 3 | 4;

export const WESTERN_ELECTRIC_RULES: Record<WesternElectricRule, string> = {
  1: 'One point beyond 3σ',
  2: 'Two of three consecutive points beyond 2σ on the same side',
  3: 'Four of five consecutive points beyond 1σ on the same side',
  4: 'Eight consecutive points on the same side of the centre line',
};

/** One window rule: `count` of the last `size` points beyond `zones` σ on one side. */
interface WindowRule {
  rule: WesternElectricRule;
  size: number;
  count: number;
  zones: number;
}

/** The rules of a point that completes none (frozen: shared by every such point). */
const NO_RULES: readonly WesternElectricRule[] = Object.freeze([]);

const WINDOW_RULES: readonly WindowRule[] = [
  { rule: 1, size: 1, count: 1, zones: 3 },
  { rule: 2, size: 3, count: 2, zones: 2 },
  { rule: 3, size: 5, count: 4, zones: 1 },
  // eight on one side: strictly beyond the centre (0 σ)
  { rule: 4, size: 8, count: 8, zones: 0 },
];

/**
 * The rules each point completes, in time order: a point is flagged with a rule when the window
 * of that rule ending at it breaks the rule and the point itself is one of those beyond (a point
 * inside the zone completes nothing). "Beyond" is strictly beyond; a point on a zone line is not.
 * With zero σ within no rule is evaluated (every point equals the centre).
 * One pass: each rule keeps, per side, how many of its window's points lie beyond its zone
 * (the sized chart judges 60,000 points per call; counting every window anew was 20 times the work).
 */
export function westernElectric(
  values: readonly number[],
  centre: number,
  sigma: number,
): (readonly WesternElectricRule[])[] {
  const n = values.length;
  // most points complete no rule: they share one empty list, and a point gets its own at its first
  // rule (a list per point was 60,000 allocations per sized chart, 4/5 of this function's time)
  const flags = new Array<readonly WesternElectricRule[]>(n).fill(NO_RULES);
  if (!(sigma > 0)) return flags;
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) z[i] = (values[i]! - centre) / sigma;
  const beyond = new Uint8Array(n);
  for (const { rule, size, count, zones } of WINDOW_RULES) {
    for (const side of [1, -1]) {
      let inWindow = 0;
      for (let i = 0; i < n; i++) {
        beyond[i] = side * z[i]! > zones ? 1 : 0;
        inWindow += beyond[i]! - (i >= size ? beyond[i - size]! : 0);
        if (i >= size - 1 && beyond[i] === 1 && inWindow >= count) flags[i] = [...flags[i]!, rule];
      }
    }
  }
  return flags;
}
