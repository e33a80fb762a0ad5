import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import type { TraceUpload } from '../api/runner';
import type { StepResult } from '../api/results';
import type { StepVerdict } from '../results/verdict';
import { isVerdict, overallVerdict, Verdict } from '../results/verdict';
import { isValidSerialNumber } from '../serial-numbers/serial-numbers';
import type { FieldError } from '../validation/fields';
import { VMSG } from '../validation/messages';
import { isRecord } from '../validation/shape';
import { tracePointsError } from './traces';
import { stepPlotError } from '../trace-limits/step-plot';
import { stepVerdictError } from './step-verdict';
import { parseRunTime } from '../time/iso-time';
import { RUN_ORIGIN_KEYS, runOriginError } from '../traceability/traceability';

/** Ours: bounds of an upload that no real test reaches. */
export const RUN_LIMITS = {
  /** A test has at most 500 steps; a step may give several results (Cable: three). */
  stepResults: 5000,
  textLength: LIMITS.longTextLength,
  unitLength: 20,
  clientRunIdLength: 64,
  /** Warnings of one step result. */
  warnings: 10,
  /** Expected answers of one step result: a Multiple Choice's options at most. */
  expected: LIMITS.maxChoiceOptions,
  /** A run may start at most this far in the future (lab PCs' clocks drift). */
  futureMs: 24 * 60 * 60 * 1000,
  earliest: Date.UTC(2000, 0, 1),
  /**
   * A measured value's largest size: far beyond any instrument's, and small enough that the
   * analytics' squared deviations and their sums stay finite (PostgreSQL refuses an overflow,
   * docs/measurements.md). Limits are not bounded: a test may give ±1.8e308 for none.
   */
  valueSize: 1e100,
} as const;

export const RUN_MSG = {
  notARun: 'The body is not a run: an object with client_run_id, seq_id, seq_version, sn, …',
  clientRunId: `Up to ${RUN_LIMITS.clientRunIdLength} letters, digits and . _ : -`,
  invalidId: 'Invalid id',
  invalidVersion: 'A version is a whole number from 1',
  invalidRelease: 'A release number is a whole number from 1',
  time: 'A time in ISO 8601 with its zone, like 2025-11-23T09:12:03Z',
  endsBeforeStart: 'The run ends before it starts',
  inFuture: 'The run starts in the future: check the clock of the PC',
  tooEarly: 'The run starts before the year 2000: check the clock of the PC',
  tooManySteps: `Up to ${RUN_LIMITS.stepResults} step results`,
  unknownField: 'Unknown field',
  stepResult: 'A step result is 1 (passed) or 0 (failed)',
  valueSize: 'A measured value lies between -1e100 and 1e100',
  warnings: `Up to ${RUN_LIMITS.warnings} warnings, each a text`,
  expected: `Up to ${RUN_LIMITS.expected} expected answers, each a text`,
  runResult: 'A run result is 1 (passed), 0 (failed) or -1 (aborted)',
  passedWithFailure: (n: number) => `The run passed but step result ${n} failed`,
  failedWithoutFailure: 'The run failed but none of its step results failed',
  tooManyTraces: 'Up to one trace per step result',
  noSuchStep: (index: number) => `No step result ${index}`,
  headingTrace: (index: number) => `Step result ${index} is a report heading`,
  twoTraces: (index: number) => `Step result ${index} has two traces`,
} as const;

const CLIENT_RUN_ID = new RegExp(`^[A-Za-z0-9._:-]{1,${RUN_LIMITS.clientRunIdLength}}$`);
const STEP_KEYS = new Set([
  'title',
  'isHeader',
  'lower',
  'upper',
  'value',
  'unit',
  'result',
  'warnings',
  'plot',
  'expected',
]);
const TRACE_KEYS = new Set(['step_index', 'freqs_MHz', 'values', 'report']);

const err = (field: string, message: string): FieldError => ({ field, message });

function textError(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return VMSG.invalidValue;
  return value.length > max ? MSG.noMoreThanCharacters(max) : undefined;
}

function resultValueError(value: unknown): string | undefined {
  if (value === null || (typeof value === 'number' && Number.isFinite(value))) return undefined;
  return typeof value === 'string' ? textError(value, RUN_LIMITS.textLength) : VMSG.invalidValue;
}

function valueSizeError(value: unknown): string | undefined {
  return typeof value === 'number' && Math.abs(value) > RUN_LIMITS.valueSize ? RUN_MSG.valueSize : undefined;
}

/** An optional short list of texts, such as a step result's warnings (the first bad one named). */
function textsError(texts: unknown, field: string, max: number, message: string): FieldError | undefined {
  if (texts === undefined) return undefined;
  if (!Array.isArray(texts) || texts.length > max) return err(field, message);
  const bad = texts.findIndex((w) => textError(w, RUN_LIMITS.textLength) !== undefined);
  return bad < 0 ? undefined : err(`${field}[${bad}]`, textError(texts[bad], RUN_LIMITS.textLength)!);
}

/** A step result's optional StepPlot, its faulty field named. */
function plotError(plot: unknown, field: string): FieldError | undefined {
  if (plot === undefined) return undefined;
  const bad = stepPlotError(plot);
  return bad === undefined ? undefined : err(bad === '' ? field : `${field}.${bad}`, VMSG.invalidValue);
}

function stepError(step: unknown, field: string): FieldError | undefined {
  if (!isRecord(step)) return err(field, VMSG.invalidValue);
  const unknown = Object.keys(step).find((key) => !STEP_KEYS.has(key));
  if (unknown !== undefined) return err(`${field}.${unknown}`, RUN_MSG.unknownField);
  const checks: [string, string | undefined][] = [
    ['title', textError(step.title, RUN_LIMITS.textLength)],
    ['isHeader', typeof step.isHeader === 'boolean' ? undefined : VMSG.invalidValue],
    ['lower', resultValueError(step.lower)],
    ['upper', resultValueError(step.upper)],
    ['value', resultValueError(step.value) ?? valueSizeError(step.value)],
    ['unit', textError(step.unit, RUN_LIMITS.unitLength)],
    ['result', step.result === 0 || step.result === 1 ? undefined : RUN_MSG.stepResult],
  ];
  const broken = checks.find(([, message]) => message !== undefined);
  if (broken) return err(`${field}.${broken[0]}`, broken[1]!);
  const expected = textsError(step.expected, `${field}.expected`, RUN_LIMITS.expected, RUN_MSG.expected);
  if (expected) return expected;
  const contradiction = stepVerdictError(step as unknown as StepResult);
  if (contradiction) return err(field, contradiction);
  return (
    textsError(step.warnings, `${field}.warnings`, RUN_LIMITS.warnings, RUN_MSG.warnings) ??
    plotError(step.plot, `${field}.plot`)
  );
}

/**
 * The step results of a run, and the run's result against them: a run that is not aborted has
 * the overallVerdict of its steps (report headings are not judged). A test of only Prompts,
 * Delays and headings gives a run without judged results, or none at all: it passed when it ran
 * to its end (docs/requirements/results.md#screen keeps runs with their steps and names no minimum), so the serial number can
 * pass the stage; with no failed result it cannot have failed.
 */
export function stepResultsError(steps: unknown, result: Verdict): FieldError | undefined {
  if (!Array.isArray(steps)) return err('steps', VMSG.invalidValue);
  if (steps.length > RUN_LIMITS.stepResults) return err('steps', RUN_MSG.tooManySteps);
  for (const [i, step] of steps.entries()) {
    const error = stepError(step, `steps[${i}]`);
    if (error) return error;
  }
  if (result === Verdict.Aborted) return undefined;
  const judged = (steps as StepResult[]).filter((s) => !s.isHeader).map((s): StepVerdict => s.result);
  if (overallVerdict(judged, false) === result) return undefined;
  const failed = (steps as StepResult[]).findIndex((s) => !s.isHeader && s.result === 0);
  return err('result', failed >= 0 ? RUN_MSG.passedWithFailure(failed + 1) : RUN_MSG.failedWithoutFailure);
}

function traceError(trace: unknown, field: string, steps: readonly StepResult[], seen: Set<number>) {
  if (!isRecord(trace)) return err(field, VMSG.invalidValue);
  const unknown = Object.keys(trace).find((key) => !TRACE_KEYS.has(key));
  if (unknown !== undefined) return err(`${field}.${unknown}`, RUN_MSG.unknownField);
  const index = trace.step_index;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= steps.length) {
    return err(`${field}.step_index`, RUN_MSG.noSuchStep(Number(index)));
  }
  if (steps[index]!.isHeader) return err(`${field}.step_index`, RUN_MSG.headingTrace(index));
  if (seen.has(index)) return err(`${field}.step_index`, RUN_MSG.twoTraces(index));
  seen.add(index);
  if (trace.report !== undefined && typeof trace.report !== 'boolean') {
    return err(`${field}.report`, VMSG.invalidValue);
  }
  const points = tracePointsError(trace.freqs_MHz, trace.values);
  return points && err(`${field}.${points.field}`, points.message);
}

/** The traces of a run whose step results are valid: one per judged step result at most. */
export function tracesError(traces: unknown, steps: readonly StepResult[]): FieldError | undefined {
  if (traces === undefined) return undefined;
  if (!Array.isArray(traces)) return err('traces', VMSG.invalidValue);
  if (traces.length > steps.length) return err('traces', RUN_MSG.tooManyTraces);
  const seen = new Set<number>();
  for (const [i, trace] of traces.entries()) {
    const error = traceError(trace, `traces[${i}]`, steps, seen);
    if (error) return error;
  }
  return undefined;
}

function timesError(start: unknown, end: unknown, now: number): FieldError | undefined {
  const startMs = parseRunTime(start);
  if (startMs === undefined) return err('start_time', RUN_MSG.time);
  const endMs = parseRunTime(end);
  if (endMs === undefined) return err('end_time', RUN_MSG.time);
  if (startMs < RUN_LIMITS.earliest) return err('start_time', RUN_MSG.tooEarly);
  if (startMs > now + RUN_LIMITS.futureMs) return err('start_time', RUN_MSG.inFuture);
  return endMs < startMs ? err('end_time', RUN_MSG.endsBeforeStart) : undefined;
}

const UPLOAD_KEYS = new Set([
  'client_run_id',
  'seq_id',
  'seq_version',
  'release_no',
  'product_id',
  'sn',
  'start_time',
  'end_time',
  'result',
  'steps',
  'traces',
  ...RUN_ORIGIN_KEYS,
]);

/** Ids and versions are PostgreSQL integers: 1 to 2^31 - 1. */
function isPositiveInt(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647;
}

function headerError(upload: Record<string, unknown>): FieldError | undefined {
  const unknown = Object.keys(upload).find((key) => !UPLOAD_KEYS.has(key));
  if (unknown !== undefined) return err(unknown, RUN_MSG.unknownField);
  if (typeof upload.client_run_id !== 'string' || !CLIENT_RUN_ID.test(upload.client_run_id)) {
    return err('client_run_id', RUN_MSG.clientRunId);
  }
  if (!isPositiveInt(upload.seq_id)) return err('seq_id', RUN_MSG.invalidId);
  if (!isPositiveInt(upload.seq_version)) return err('seq_version', RUN_MSG.invalidVersion);
  if (upload.release_no !== undefined && !isPositiveInt(upload.release_no))
    return err('release_no', RUN_MSG.invalidRelease);
  if (upload.product_id !== undefined && !isPositiveInt(upload.product_id))
    return err('product_id', RUN_MSG.invalidId);
  if (typeof upload.sn !== 'string' || !isValidSerialNumber(upload.sn))
    return err('sn', MSG.invalidCharacter);
  return isVerdict(upload.result) ? undefined : err('result', RUN_MSG.runResult);
}

/**
 * The first thing wrong with an upload, or undefined when it is a well-formed RunUpload: what the
 * runner checks before sending and the API checks on arrival (whether the ids name anything is
 * the server's to judge). The whole body is checked here, without class-validator, which takes
 * about a second to copy 100,000 trace points. `now` is epoch ms.
 */
export function runUploadError(upload: unknown, now: number): FieldError | undefined {
  if (!isRecord(upload)) return err('', RUN_MSG.notARun);
  const result = upload.result as Verdict;
  return (
    headerError(upload) ??
    timesError(upload.start_time, upload.end_time, now) ??
    stepResultsError(upload.steps, result) ??
    tracesError(upload.traces, upload.steps as StepResult[]) ??
    runOriginError(upload, (upload.steps as StepResult[]).length)
  );
}

/** Whether a trace is kept (docs/requirements/storage.md#traces): its step is marked for the report, or failed. */
export function keepsTrace(trace: Pick<TraceUpload, 'report'>, step: Pick<StepResult, 'result'>): boolean {
  return trace.report === true || step.result === 0;
}

/** What orders the runs of one serial number and test for first-time yield (docs/domain.md). */
export interface RunOrderKey {
  /** Epoch milliseconds. */
  startTime: number;
  result: Verdict;
  /** Upload order; a run not stored yet comes after every stored one. */
  id: number;
}

/**
 * Whether run `a` comes before run `b`: the earlier start; on equal start times the lower result
 * (aborting never hides a failure); then the upload order. A run uploaded late from the runner's
 * offline queue can still be the first.
 */
export function isEarlierRun(a: RunOrderKey, b: RunOrderKey): boolean {
  if (a.startTime !== b.startTime) return a.startTime < b.startTime;
  if (a.result !== b.result) return a.result < b.result;
  return a.id < b.id;
}
