/**
 * The control chart sized by the screen on the wire (docs/api/reports.md, "The control chart
 * sized by the screen"): the reduced series (chart-reduction.ts) packed into steps and bits, and
 * spelled out again on the other side. A reply of 1,600 pixel columns holds about 3,200 extremes
 * and every point that breaks a rule; written out one JSON number per field it was ~64 bytes a
 * point (414 KiB at 1,000,000 runs), packed it is about a third of that.
 */
import type {
  ControlChartReply,
  ControlChartReport,
  ControlReduction,
  ControlSeries,
  PackedControlPoints,
} from '../api/analysis';
import type { WesternElectricRule } from './control-chart';

/** Each entry minus the one before (the first minus 0). */
export function toSteps(xs: readonly number[]): number[] {
  return xs.map((x, i) => (i === 0 ? x : x - xs[i - 1]!));
}

/** The running sums of `steps`: toSteps undone. */
export function fromSteps(steps: readonly number[]): number[] {
  let sum = 0;
  return steps.map((s) => (sum += s));
}

/** Rules as bits: rule r is bit r − 1. */
const rulesToBits = (rules: readonly WesternElectricRule[]) =>
  rules.reduce((bits, r) => bits | (1 << (r - 1)), 0);

const bitsToRules = (bits: number): WesternElectricRule[] =>
  ([1, 2, 3, 4] as const).filter((r) => (bits & (1 << (r - 1))) !== 0);

/**
 * The reduced series (reduceSeries' answer) packed: `values` are every value of the range, for
 * the value before each point sent whose predecessor is not sent.
 */
export function packSeries(
  reduced: { points: ControlSeries; reduction: ControlReduction },
  values: readonly number[],
): PackedControlPoints {
  const { points, reduction } = reduced;
  const { indexes } = reduction;
  const before = indexes.flatMap((i, k) => (i > 0 && indexes[k - 1] !== i - 1 ? [values[i - 1]!] : []));
  const violationAt = points.violations.map((v) => v.index);
  return {
    total: reduction.total,
    width: reduction.width,
    indexSteps: toSteps(indexes),
    timeSteps: toSteps(points.times),
    runIdSteps: toSteps(points.runIds),
    values: points.values,
    before,
    limits: points.limits,
    versions: points.versions,
    violationSteps: toSteps(violationAt),
    violationRules: points.violations.map((v) => rulesToBits(v.rules)),
    violationSns: violationAt.map((i) => points.sns[i]!),
  };
}

/**
 * A reply of GET /report/control as the screen reads it: a packed one spelled out (the serial
 * number of a point that breaks no rule is ''), one of every point as it came.
 */
export function unpackControlChart(reply: ControlChartReply): ControlChartReport {
  if (!('packed' in reply)) return reply;
  const { packed, ...rest } = reply;
  const { values } = packed;
  const indexes = fromSteps(packed.indexSteps);
  const violationAt = fromSteps(packed.violationSteps);
  const sns = values.map(() => '');
  violationAt.forEach((at, k) => (sns[at] = packed.violationSns[k]!));
  let b = 0;
  const movingRanges = indexes.map((i, k) => {
    if (i === 0) return null;
    const previous = indexes[k - 1] === i - 1 ? values[k - 1]! : packed.before[b++]!;
    return Math.abs(values[k]! - previous);
  });
  return {
    ...rest,
    points: {
      runIds: fromSteps(packed.runIdSteps),
      times: fromSteps(packed.timeSteps),
      sns,
      values,
      limits: packed.limits,
      versions: packed.versions,
      violations: violationAt.map((index, k) => ({ index, rules: bitsToRules(packed.violationRules[k]!) })),
    },
    reduction: { total: packed.total, width: packed.width, indexes, movingRanges },
  };
}
