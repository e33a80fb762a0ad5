/**
 * Production SPC (docs/measurements.md, "Frozen limits and alarms"; DESIGN.md, "Statistical
 * process control in production"): once a step's limits are frozen, each new value is judged as
 * its run is stored, by the Western Electric rules 1-4 against the frozen centre and σ within.
 * The judge carries only the last few values between uploads, and gives the same flags as the
 * control chart's batch judge (westernElectric) over the whole series with the same limits.
 */
import { westernElectric, type WesternElectricRule } from '../analysis/control-chart';

/** The frozen centre line and σ within of a step's I chart. */
export interface FrozenCentre {
  centre: number;
  sigmaWithin: number;
}

/**
 * How many earlier values a judgement needs: rule 4's window is the longest, eight points, of
 * which the new value is one.
 */
export const JUDGE_MEMORY = 7;

/** The side of the centre line a flagged value lies on (a value that completes a rule is strictly beyond it). */
export type CentreSide = 'above' | 'below';

/** One value judged: the rules it completes, its side, and the state to carry to the next value. */
export interface Judgement {
  rules: readonly WesternElectricRule[];
  side: CentreSide;
  /** The last values judged, oldest first, at most JUDGE_MEMORY of them. */
  state: number[];
}

/**
 * Judges `value` after the values in `state` (oldest first). The batch judge runs over the short
 * window itself, so the rules are written once: each rule looks at most JUDGE_MEMORY values back.
 */
export function judgeValue(limits: FrozenCentre, state: readonly number[], value: number): Judgement {
  const window = [...state.slice(-JUDGE_MEMORY), value];
  const rules = westernElectric(window, limits.centre, limits.sigmaWithin).at(-1)!;
  return {
    rules,
    side: value > limits.centre ? 'above' : 'below',
    state: window.slice(-JUDGE_MEMORY),
  };
}

/** Judges values in order from `state`: each value's rules and the state after the last. */
export function judgeValues(
  limits: FrozenCentre,
  state: readonly number[],
  values: readonly number[],
): { rules: (readonly WesternElectricRule[])[]; state: number[] } {
  let carried = [...state];
  const rules = values.map((value) => {
    const judged = judgeValue(limits, carried, value);
    carried = judged.state;
    return judged.rules;
  });
  return { rules, state: carried };
}

/**
 * A series judged against frozen limits in one pass, as the control chart judges its range
 * (docs/measurements.md, "Frozen limits on the chart"): each value's rules after the values
 * `before` it (oldest first; only the last JUDGE_MEMORY matter), the same verdicts as judgeValues
 * gives value by value (judge.spec.ts), without a window copied per value.
 */
export function judgeSeries(
  limits: FrozenCentre,
  before: readonly number[],
  values: readonly number[],
): (readonly WesternElectricRule[])[] {
  const carried = before.slice(-JUDGE_MEMORY);
  return westernElectric([...carried, ...values], limits.centre, limits.sigmaWithin).slice(carried.length);
}
