/**
 * What the seed creates, described as data: products, their tests and steps, and how units
 * measure. Params start from the domain's complete fixtures (completeParam) with realistic
 * limits set over them. The demo's products are in demo-products.ts; the scale mode's here.
 */
import { ActionId, type Calibration } from '@sweepline/domain';
import type { Fill } from '@sweepline/domain/src/testing/step-fixtures';
import type { DeviceSpec } from '@sweepline/instruments';

export interface StepSpec {
  action: ActionId;
  /** Set over completeParam(action, fill); a title of '' follows the default name. */
  param?: Record<string, unknown>;
  /** A custom step name; absent: the default name. */
  name?: string;
  /** Rejection and Coupler: the index (in this test) of the step they depend on. */
  bind?: number;
  /** Diff: the indexes of its two steps. */
  diff?: [number, number];
  /** What a good unit measures, and how much units differ (one standard deviation). */
  nominal?: number;
  spread?: number;
  /** A pattern the measurement analytics should find (docs/seed.md, "Measurement patterns"). */
  pattern?: StepPattern;
  /**
   * The step the tour freezes its SPC limits on (docs/cli.md, "Seeing an SPC alarm"): no run of
   * the seed's last day fails it (its failed runs fail at other steps), so that day's values are
   * a baseline of the steady process, with no failed unit's value to widen the limits.
   */
  steadyToday?: boolean;
}

/** How a step's mean moves over the seeded days; absent: it stays at the nominal. */
export interface StepPattern {
  /** A slow drift: the mean moves by this much, linearly, from the first seeded day to the last. */
  drift?: number;
  /** A shift: the mean moves by `by` from the start of the day `daysBeforeEnd` days before the last one. */
  shift?: { by: number; daysBeforeEnd: number };
}

export interface TestSpec {
  name: string;
  stage: number;
  test: number;
  /** The share of units whose first run of this test fails (aborts not counted). */
  firstFail: number;
  steps: StepSpec[];
  /**
   * The test's calibration, id 1, which every network-analyzer step uses; absent: the 2-port
   * calibration of ports 1-2 from 100 to 1000 MHz (the domain's fixture CAL).
   */
  calibration?: Calibration;
}

export interface ProductSpec {
  name: string;
  model: string;
  info: string;
  /** Serial numbers are this prefix and a running number. */
  snPrefix: string;
  /** The product's share of the units made. */
  share: number;
  fill: Fill;
  tests: TestSpec[];
  /**
   * The device the network-analyzer simulator measures for the screenshots of this product's
   * report-marked steps (demo only); none: no screenshots.
   */
  screenshotDevice?: DeviceSpec;
}

/** A title of '' follows the step's default name. */
export const title = '';
export const limits = (lower: number | null, upper: number | null, extra: Record<string, unknown> = {}) => ({
  title,
  lower,
  upper,
  ...extra,
});

/** The network-analyzer actions that give one result each and need no other step. */
const SCALE_ACTIONS: readonly ActionId[] = [
  ActionId.InsertionLossMin,
  ActionId.InsertionLossVariation,
  ActionId.InsertionLossVariationCross,
  ActionId.InsertionLossAverage,
  ActionId.ReturnLoss,
  ActionId.Swr,
  ActionId.Attenuation,
  ActionId.Isolation,
  ActionId.GainVariation,
  ActionId.GroupDelay,
  ActionId.GroupDelayVariation,
  ActionId.PhaseMax,
];

/**
 * A test whose runs have 20 step results: a heading and 19 measurements (an Insertion Loss Max,
 * then the actions above in turn, from `offset`), each with the fixtures' upper limit of 3; the
 * Insertion Loss Max follows `pattern`.
 */
function scaleTest(
  name: string,
  stage: number,
  test: number,
  offset: number,
  pattern?: StepPattern,
): TestSpec {
  const measurements: StepSpec[] = Array.from({ length: 18 }, (_, i) => ({
    action: SCALE_ACTIONS[(i + offset) % SCALE_ACTIONS.length]!,
    param: limits(null, 3),
    nominal: 1.5,
    spread: 0.35,
  }));
  return {
    name,
    stage,
    test,
    firstFail: 0.07,
    steps: [
      { action: ActionId.Header, param: { value: name } },
      {
        action: ActionId.InsertionLossMax,
        param: limits(null, 3, { isReportScreen: true }),
        nominal: 1.5,
        spread: 0.35,
        pattern,
      },
      ...measurements,
    ],
  };
}

/** Scale mode (benchmarks): three products of four 20-step tests over two stages. */
export const SCALE_PRODUCTS: readonly ProductSpec[] = ['Alpha', 'Bravo', 'Charlie'].map((name, i) => ({
  name: `Scale ${name}`,
  model: `SC-${i + 1}`,
  info: 'Benchmark product',
  snPrefix: `S${name[0]}`,
  share: 1 / 3,
  fill: { title, startFreq: 200, stopFreq: 800, limit: 3 },
  tests: [
    // docs/seed.md: the same patterns as the demo, on each Insertion Loss Max
    scaleTest('Tune', 1, 1, i, { drift: 0.5 }),
    scaleTest('Verify', 1, 2, i + 3),
    scaleTest('Burn-in', 2, 1, i + 6),
    scaleTest('Final', 2, 2, i + 9, { shift: { by: 0.4, daysBeforeEnd: 14 } }),
  ],
}));
