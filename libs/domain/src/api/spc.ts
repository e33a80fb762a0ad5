/**
 * Production SPC's calls as they travel (docs/api/spc.md): frozen limits, the alarms and their
 * acknowledgement, and the product's alarm mail. The API's DTOs implement them; the web app and
 * the command-line program read them.
 */
import type { WesternElectricRule } from '../analysis/control-chart';
import type { SpcAlarmState } from '../spc/alarm-rules';
import type { CentreSide } from '../spc/judge';
import type { StepAnalysisQuery } from './analysis';

/** POST /spc/limits: freeze a step's limits from a baseline range (the analytics' own range). */
export type FreezeLimitsBody = StepAnalysisQuery;

/** GET /spc/limits: a step's frozen limits. */
export interface FrozenLimitsQuery {
  seq_id: string;
  step: string;
}

/** A step's frozen limits, and who froze them from which baseline. */
export interface FrozenLimits {
  productId: number;
  seqId: number;
  step: string;
  centre: number;
  sigmaWithin: number;
  /** centre ± 3 σ within. */
  lowerLimit: number;
  upperLimit: number;
  /** The baseline: its values, its range (ISO 8601) and the zone offset its days were taken in. */
  baselineValues: number;
  baselineFrom: string;
  baselineTo: string;
  zoneOffset: number;
  /** ISO 8601. */
  frozenAt: string;
  /** Null when an API token froze them (its name is frozenByName). */
  frozenBy: number | null;
  frozenByName: string;
}

/** GET /spc/limits: null while the step's limits are computed from the range on screen. */
export interface FrozenLimitsAnswer {
  limits: FrozenLimits | null;
}

/** GET /spc/alarms: filters, newest first, a page of alarms with ids below `before_id`. */
export interface SpcAlarmsQuery {
  product_id?: string;
  seq_id?: string;
  state?: SpcAlarmState;
  before_id?: string;
}

/** One value that broke a rule, joined to its step's alarm. */
export interface SpcViolation {
  runId: number;
  sn: string;
  /** The run's start, ISO 8601. */
  startTime: string;
  value: number;
  rules: WesternElectricRule[];
  side: CentreSide;
  /** "rule 4, eight points above the centre line" (ruleText of the domain). */
  text: string;
}

/** An alarm on a step: opened by its first violation, collecting later ones until acknowledged. */
export interface SpcAlarm {
  id: number;
  productId: number;
  seqId: number;
  seqName: string;
  step: string;
  state: SpcAlarmState;
  /** ISO 8601: when the first violation was stored. */
  openedAt: string;
  violationCount: number;
  /** The latest violations, newest first (at most SPC_LIMITS.latestViolations). */
  violations: SpcViolation[];
  acknowledgedAt: string | null;
  acknowledgedByName: string | null;
  note: string | null;
}

/** GET /spc/alarms: a page, and the id to ask below for the next one (null: no more). */
export interface SpcAlarmPage {
  alarms: SpcAlarm[];
  nextBeforeId: number | null;
}

/** POST /spc/alarms/:id/acknowledge */
export interface AcknowledgeAlarmBody {
  note: string;
}

/** GET /runner/runs/:id/spc: what the run did to its steps' alarms, for the runner to print. */
export interface RunSpcNotice {
  alarmId: number;
  step: string;
  /** Whether this run's value opened the alarm or joined one already open. */
  opened: boolean;
  rules: WesternElectricRule[];
  side: CentreSide;
  /** "SPC alarm on Insertion Loss Max: rule 4, eight points above the centre line". */
  line: string;
}

/** PUT and DELETE /spc/subscriptions/:productId, GET: the caller's alarm mail for a product. */
export interface SpcSubscription {
  productId: number;
  subscribed: boolean;
}
