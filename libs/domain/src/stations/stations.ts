import { LIMITS } from '../limits/limits';
import { isVerdict } from '../results/verdict';
import { isValidSerialNumber } from '../serial-numbers/serial-numbers';
import { isValidZoneOffset } from '../time/zone-offset';
import type { FieldError } from '../validation/fields';
import { isRecord } from '../validation/shape';

/**
 * The live floor's vocabulary and rules (issue 25): what a station may be doing, what a report
 * may carry, when a station counts as offline and when it is forgotten.
 */
export const STATION_STATES = ['idle', 'calibrating', 'testing', 'waiting', 'error', 'result'] as const;
export type StationState = (typeof STATION_STATES)[number];

/** The words the Stations screen and the docs use for each state. */
export const STATION_STATE_LABELS: Record<StationState, string> = {
  idle: 'Idle',
  calibrating: 'Calibrating',
  testing: 'Testing',
  waiting: 'Waiting for the operator',
  error: 'Instrument error',
  result: 'Showing a result',
};

export const STATION_LIMITS = {
  /** A computer's name is at most 63 characters (a DNS label); one more for a typed name. */
  nameLength: 64,
  operatorLength: LIMITS.nameLength,
  /** A test has at most 500 steps (RUN_LIMITS). */
  steps: 500,
  /** Queued units' verdicts in one report; the runner sends more in the next reports. */
  queuedVerdicts: 50,
} as const;

/** The runner reports at each change and at least this often while it runs. */
export const STATION_HEARTBEAT_MS = 10_000;
/** A station with no report for this long shows as offline. */
export const STATION_OFFLINE_MS = 60_000;
/** A station offline this long is dropped from the board. */
export const STATION_DROP_DAYS = 30;

export const STATION_MSG = {
  notAReport: 'The body is not a station report: an object with station, state, zoneOffset, …',
  name: `A station name is 1 to ${STATION_LIMITS.nameLength} characters, without control characters`,
  state: `A state is one of ${STATION_STATES.join(', ')}`,
  id: 'Invalid id',
  sn: 'Invalid serial number',
  steps: `A test has 1 to ${STATION_LIMITS.steps} steps`,
  step: 'A step is a whole number from 0',
  stepBeyond: (step: number, steps: number) => `Step ${step} is beyond the test's ${steps} steps`,
  stepWithoutSteps: 'A step needs the number of steps beside it',
  operator: `An operator's name is up to ${STATION_LIMITS.operatorLength} characters, without control characters`,
  verdict: 'A last verdict is {sn, result (1, 0 or -1), at (ISO 8601)}',
  queuedVerdicts: `Queued verdicts are a list of up to ${STATION_LIMITS.queuedVerdicts} {sn, result (1, 0 or -1), at (ISO 8601)}`,
  zoneOffset: 'A zone offset is hours from UTC, from -12 to 14, in quarter hours',
  unknownField: 'Unknown field',
  testWithoutProduct: 'A test needs its product beside it',
  unknownProduct: 'Unknown product',
  unknownTest: 'Unknown test of this product',
} as const;

const REPORT_FIELDS = new Set([
  'station',
  'state',
  'productId',
  'seqId',
  'sn',
  'step',
  'steps',
  'operator',
  'lastVerdict',
  'queuedVerdicts',
  'zoneOffset',
]);
// C0 and C1 controls: a name is shown on a card and written in logs, one line
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ISO_WITH_ZONE = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

/** A station or operator name: trimmed, 1 to max characters, one line. */
export function isValidStationText(value: unknown, max: number): value is string {
  return (
    typeof value === 'string' &&
    value.trim() === value &&
    value.length >= 1 &&
    value.length <= max &&
    !CONTROL.test(value)
  );
}

export function isStationState(value: unknown): value is StationState {
  return STATION_STATES.includes(value as StationState);
}

const isId = (v: unknown) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 2_147_483_647;

function verdictError(value: unknown): string | undefined {
  if (!isRecord(value)) return STATION_MSG.verdict;
  const { sn, result, at, ...rest } = value;
  const ok =
    Object.keys(rest).length === 0 &&
    typeof sn === 'string' &&
    isValidSerialNumber(sn) &&
    isVerdict(result) &&
    typeof at === 'string' &&
    ISO_WITH_ZONE.test(at) &&
    !Number.isNaN(Date.parse(at));
  return ok ? undefined : STATION_MSG.verdict;
}

function stepsError(step: unknown, steps: unknown): FieldError | undefined {
  if (
    steps !== undefined &&
    !(Number.isInteger(steps) && (steps as number) >= 1 && (steps as number) <= STATION_LIMITS.steps)
  )
    return { field: 'steps', message: STATION_MSG.steps };
  if (step === undefined) return undefined;
  if (!(Number.isInteger(step) && (step as number) >= 0)) return { field: 'step', message: STATION_MSG.step };
  if (steps === undefined) return { field: 'step', message: STATION_MSG.stepWithoutSteps };
  if ((step as number) > (steps as number))
    return { field: 'step', message: STATION_MSG.stepBeyond(step as number, steps as number) };
  return undefined;
}

/**
 * The first thing wrong with a report, or undefined. The runner checks what it sends with this,
 * and the API checks what it receives; whether the product and test exist is the API's part.
 */
export function stationReportError(report: unknown): FieldError | undefined {
  if (!isRecord(report)) return { field: '', message: STATION_MSG.notAReport };
  const unknown = Object.keys(report).find((key) => !REPORT_FIELDS.has(key));
  if (unknown !== undefined) return { field: unknown, message: STATION_MSG.unknownField };
  const r = report;
  const checks: [string, boolean, string][] = [
    ['station', isValidStationText(r.station, STATION_LIMITS.nameLength), STATION_MSG.name],
    ['state', isStationState(r.state), STATION_MSG.state],
    ['productId', r.productId === undefined || isId(r.productId), STATION_MSG.id],
    ['seqId', r.seqId === undefined || isId(r.seqId), STATION_MSG.id],
    ['seqId', r.seqId === undefined || r.productId !== undefined, STATION_MSG.testWithoutProduct],
    ['sn', r.sn === undefined || (typeof r.sn === 'string' && isValidSerialNumber(r.sn)), STATION_MSG.sn],
    [
      'operator',
      r.operator === undefined || isValidStationText(r.operator, STATION_LIMITS.operatorLength),
      STATION_MSG.operator,
    ],
    ['zoneOffset', isValidZoneOffset(r.zoneOffset), STATION_MSG.zoneOffset],
  ];
  const failed = checks.find(([, ok]) => !ok);
  if (failed) return { field: failed[0], message: failed[2] };
  const steps = stepsError(r.step, r.steps);
  if (steps) return steps;
  const verdict = r.lastVerdict === undefined ? undefined : verdictError(r.lastVerdict);
  if (verdict) return { field: 'lastVerdict', message: verdict };
  return r.queuedVerdicts === undefined || queuedVerdictsOk(r.queuedVerdicts)
    ? undefined
    : { field: 'queuedVerdicts', message: STATION_MSG.queuedVerdicts };
}

function queuedVerdictsOk(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length <= STATION_LIMITS.queuedVerdicts &&
    value.every((v) => verdictError(v) === undefined)
  );
}

/**
 * The operator a station shows (issue 38): the service knows who signed in, so a session's report
 * shows that member's name, whatever the runner claims (a lab PC's user is often `root` or a
 * shared account). An API token belongs to the PC, not a person: its report shows the operator
 * the runner names (SWEEPLINE_OPERATOR), else the token's name as the service calls it.
 */
export function stationOperator(caller: { name: string; byToken: boolean }, claimed?: string): string {
  const name = caller.byToken && claimed !== undefined ? claimed : caller.name;
  return name.trim().slice(0, STATION_LIMITS.operatorLength).trim();
}

/** Whether a station last seen at `lastSeenMs` shows as offline at `nowMs`. */
export function isStationOffline(lastSeenMs: number, nowMs: number): boolean {
  return nowMs - lastSeenMs >= STATION_OFFLINE_MS;
}

/** Stations in name order (the board's order), case-insensitive, then exact. */
export function compareStationNames(a: string, b: string): number {
  const folded = a.toLowerCase().localeCompare(b.toLowerCase());
  return folded !== 0 ? folded : a < b ? -1 : a > b ? 1 : 0;
}

/** A card's time in state: "45 s", "3 min 05 s", "2 h 04 min", "3 d 2 h". */
export function formatTimeInState(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${two(s % 60)} s`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${two(Math.floor((s % 3600) / 60))} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}
