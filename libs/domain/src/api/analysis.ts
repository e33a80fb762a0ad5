/**
 * The measurement analytics' requests and answers as they travel (docs/api/reports.md,
 * "Measurement analytics"): the API's DTOs implement them, the web app and the CLI read them.
 */
import type { CapabilityFigures } from '../analysis/capability';
import type { ControlLimits, WesternElectricRule } from '../analysis/control-chart';
import type { HistogramBin } from '../analysis/histogram';
import type { ParetoCount } from '../analysis/pareto';
import type { TraceBand } from '../analysis/trace-band';
import type { FrozenCentre } from '../spc/judge';
import type { StepPlot } from '../trace-limits/step-plot';

/** The range of every analysis, as the daily reports take it (epoch ms of dayRange, hours from UTC). */
export interface AnalysisRangeQuery {
  start_time: string;
  stop_time: string;
  zone_offset?: string;
}

/** One step of one test in a range: capability, control chart, trace band. */
export interface StepAnalysisQuery extends AnalysisRangeQuery {
  seq_id: string;
  /** The step result's title, the step's key across versions. */
  step: string;
}

/** GET /report/steps: the measured steps of one test in a range. */
export interface MeasuredStepsQuery extends AnalysisRangeQuery {
  seq_id: string;
}

/** GET /report/steps?seq_id=: a measured step of a test, as the step picker lists it. */
export interface MeasuredStep {
  title: string;
  unit: string;
}

/** What every one-step answer says about the rows it used. */
export interface StepRows {
  seqId: number;
  seqName: string;
  step: string;
  unit: string;
  /** The test-plan versions of the runs in the range, ascending. */
  versions: number[];
  /** The limits of the latest run in the range; null is an unchecked side. */
  lower: number | null;
  upper: number | null;
  /** The limits differ between runs in the range (the control chart shows them per point). */
  limitsChanged: boolean;
  /** Rows of the step without a number (not measured), left out. */
  notNumeric: number;
}

/** GET /report/capability */
export interface CapabilityReport extends StepRows {
  figures: CapabilityFigures;
  histogram: HistogramBin[];
}

/** One run's value on the control chart, as `controlPoints` spells a series out. */
export interface ControlPoint {
  runId: number;
  /** ISO 8601. */
  startTime: string;
  sn: string;
  value: number;
  /** |value − previous value|; null for the first point. */
  movingRange: number | null;
  lower: number | null;
  upper: number | null;
  version: number;
  /** The Western Electric rules this point completes. */
  rules: WesternElectricRule[];
}

/**
 * The control chart's points in time order, column-wise: entry i of each array is point i
 * (tens of thousands of points travel as a few arrays, not as objects). What rarely changes is
 * sent where it changes.
 */
export interface ControlSeries {
  runIds: number[];
  /** Start times, epoch milliseconds. */
  times: number[];
  sns: string[];
  values: number[];
  /** The spec limits where they change (the first entry from 0). */
  limits: LimitsFrom[];
  /** The test-plan version where it changes (the first entry from 0). */
  versions: VersionFrom[];
  /** The points that complete a Western Electric rule, ascending. */
  violations: RuleViolation[];
}

/** The spec limits from point `from` on; null is an unchecked side. */
export interface LimitsFrom {
  from: number;
  lower: number | null;
  upper: number | null;
}

/** The test-plan version from point `from` on. */
export interface VersionFrom {
  from: number;
  version: number;
}

/** A point (its index) and the Western Electric rules it completes. */
export interface RuleViolation {
  index: number;
  rules: WesternElectricRule[];
}

/** GET /report/control with `width` (and a zoom): the chart's points sized by the screen. */
export interface ControlChartQuery extends StepAnalysisQuery {
  /** The plot's width in pixels (CHART_WIDTH); without it, every point. */
  width?: string;
  /** A zoom inside the range: only points from zoom_start to zoom_stop (epoch ms, both included). */
  zoom_start?: string;
  zoom_stop?: string;
}

/** Which of the range's points a reply sized by the screen holds (chart-reduction.ts). */
export interface ControlReduction {
  /** The points in the range: the limits and rules are those of all of them. */
  total: number;
  /** The plot width asked for, in pixels. */
  width: number;
  /** Each point sent: its index among the range's points, ascending. */
  indexes: number[];
  /** Each point sent: its moving range among the range's points (null for the range's first). */
  movingRanges: (number | null)[];
}

/** GET /report/control */
export interface ControlChartReport extends StepRows {
  /** null for fewer than 2 values. */
  limits: ControlLimits | null;
  /**
   * What the rules (`points.violations`) judged the points against: the step's frozen centre and
   * σ within while its limits are frozen (GET /spc/limits), each point after the step's values
   * before it, as the upload's judge does; null: the range's own `limits`, as before freezing.
   */
  frozen: FrozenCentre | null;
  points: ControlSeries;
  /** With `width`: which points `points` holds; absent, it holds every one. */
  reduction?: ControlReduction;
}

/**
 * GET /report/control with `width`: the sized reply packed for the wire (docs/api/reports.md,
 * "The control chart sized by the screen"); `unpackControlChart` spells it out as a
 * ControlChartReport with `reduction`. Steps instead of absolute numbers, no index list, and
 * serial numbers only where a point breaks a rule keep it a few bytes a point.
 */
export interface PackedControlChart extends Omit<ControlChartReport, 'points' | 'reduction'> {
  packed: PackedControlPoints;
}

/** The points of a sized reply, column-wise; "steps" are each entry minus the one before (the first minus 0). */
export interface PackedControlPoints {
  /** The points in the range: the limits and rules are those of all of them. */
  total: number;
  /** The plot width asked for, in pixels. */
  width: number;
  /** Each point sent: its index among the range's points, as steps. */
  indexSteps: number[];
  /** Start times, epoch ms, as steps. */
  timeSteps: number[];
  /** Run ids as steps (negative where a late run comes before an older one in time). */
  runIdSteps: number[];
  values: number[];
  /**
   * For each point sent whose point before it in the range is not sent, in order: that point's
   * value, so every moving range is |value − the value before|, computed alike on both sides.
   */
  before: number[];
  /** The spec limits where they change, `from` among the points sent. */
  limits: LimitsFrom[];
  /** The test-plan version where it changes, `from` among the points sent. */
  versions: VersionFrom[];
  /** The points sent that complete a rule: their positions among the points sent, as steps. */
  violationSteps: number[];
  /** Each such point's rules as bits: rule r is bit r − 1 (rules 1 and 4: 9). */
  violationRules: number[];
  /** Each such point's serial number (the only points whose serial number travels). */
  violationSns: string[];
}

/** What GET /report/control answers: every point, or with `width` the packed reply. */
export type ControlChartReply = ControlChartReport | PackedControlChart;

/** GET /report/failures: failed runs of a product's test (or of all its tests), by failing step. */
export interface FailureQuery extends AnalysisRangeQuery {
  product_id: string;
  /** A test of the product, or -1 for all of them. */
  seq_id: string;
  count: ParetoCount;
}

export interface FailureBar {
  /** null for the aborted runs' bar. */
  seqId: number | null;
  seqName: string | null;
  step: string | null;
  count: number;
  percent: number;
  cumulativePercent: number;
}

/** The test-plan versions of one test's runs in a range. */
export interface SeqVersions {
  seqId: number;
  seqName: string;
  versions: number[];
}

export interface FailureParetoReport {
  count: ParetoCount;
  /** Failed (result 0) and aborted (result −1) runs in the range. */
  failedRuns: number;
  abortedRuns: number;
  /** The tests' versions in the range, per test. */
  versions: SeqVersions[];
  bars: FailureBar[];
}

/** GET /report/failures/runs: one bar's runs (a step of a test; aborted=1 for the aborted bar). */
export interface FailedRunsQuery extends AnalysisRangeQuery {
  product_id: string;
  seq_id: string;
  step?: string;
  aborted?: '1' | '0';
  count: ParetoCount;
}

export interface FailedRun {
  runId: number;
  startTime: string;
  sn: string;
  seqId: number;
  seqName: string;
  /** The failing row's value and limits; null for an aborted run. */
  value: number | string | null;
  lower: number | string | null;
  upper: number | string | null;
  unit: string;
}

/** The most runs one bar lists (newest first). */
export const FAILED_RUNS_LIMIT = 1000;

/** GET /report/trace_band: the step's band, optionally with one run's own trace. */
export interface TraceBandQuery extends StepAnalysisQuery {
  run_id?: string;
}

export interface TraceBandReport {
  step: string;
  unit: string;
  lower: number | null;
  upper: number | null;
  /** null when no run in the range kept a trace of the step. */
  band: TraceBand | null;
  /** The selected run's trace, on the band's grid (or null when it kept none). */
  own: OwnTrace | null;
  /**
   * Where the limits fall on the plotted trace, derived from the test's step (its action and
   * parameters); null where the step cannot say (docs/measurements.md, "Limit lines"), and then
   * no limit line is drawn.
   */
  plot: StepPlot | null;
}

/** The selected run's own trace of the step, on the band's grid. */
export interface OwnTrace {
  runId: number;
  sn: string;
  values: number[];
}

/** The band uses the newest traces of the range, at most this many. */
export const TRACE_BAND_LIMIT = 500;
