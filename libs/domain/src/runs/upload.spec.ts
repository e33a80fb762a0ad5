import { Verdict } from '../results/verdict';
import type { RunUpload } from '../api/runner';
import type { StepResult } from '../api/results';
import {
  isEarlierRun,
  keepsTrace,
  RUN_LIMITS,
  RUN_MSG,
  runUploadError,
  stepResultsError,
  tracesError,
} from './upload';
import { parseRunTime } from '../time/iso-time';

const NOW = Date.parse('2025-11-23T12:00:00Z');

const step = (over: Partial<StepResult> = {}): StepResult => ({
  title: 'Insertion Loss Max - S21 (800 - 900 MHz)',
  isHeader: false,
  lower: null,
  upper: 1.5,
  value: 0.82,
  unit: 'dB',
  result: 1,
  ...over,
});

const upload = (over: Partial<RunUpload> = {}): RunUpload => ({
  client_run_id: '2f6c1c1e-8a4b-4f0e-9d55-0a1b2c3d4e5f',
  seq_id: 3,
  seq_version: 7,
  sn: 'SN-0001',
  start_time: '2025-11-23T09:12:03.114Z',
  end_time: '2025-11-23T19:13:10+10:00',
  result: Verdict.Passed,
  steps: [step({ isHeader: true, title: 'Pass band', upper: null, value: null, unit: '' }), step()],
  traces: [{ step_index: 1, freqs_MHz: [800, 900], values: [0.5, 0.82], report: true }],
  ...over,
});

const error = (over: Partial<RunUpload>) => runUploadError(upload(over), NOW);

describe('runUploadError', () => {
  it('accepts a well-formed run', () => {
    expect(runUploadError(upload(), NOW)).toBeUndefined();
    expect(
      error({ traces: undefined, start_time: '2025-11-23T09:12Z', end_time: '2025-11-23T09:12Z' }),
    ).toBeUndefined();
  });

  it('refuses a client run id that is not a short plain token', () => {
    for (const id of ['', 'a b', 'x'.repeat(65), 5 as unknown as string]) {
      expect(error({ client_run_id: id })).toEqual({ field: 'client_run_id', message: RUN_MSG.clientRunId });
    }
  });

  it('refuses what is not a run, and unknown fields', () => {
    for (const body of [null, [], 'run', 5]) {
      expect(runUploadError(body, NOW)).toEqual({ field: '', message: RUN_MSG.notARun });
    }
    expect(runUploadError({ ...upload(), extra: 1 }, NOW)).toEqual({
      field: 'extra',
      message: RUN_MSG.unknownField,
    });
  });

  it('refuses ids and versions that are not positive 32-bit integers', () => {
    expect(error({ seq_id: 0 })).toEqual({ field: 'seq_id', message: 'Invalid id' });
    expect(error({ seq_id: '3' as unknown as number })).toEqual({ field: 'seq_id', message: 'Invalid id' });
    expect(error({ seq_id: 2 ** 31 })).toEqual({ field: 'seq_id', message: 'Invalid id' });
    expect(error({ seq_version: 1.5 })).toEqual({ field: 'seq_version', message: RUN_MSG.invalidVersion });
    expect(error({ product_id: -1 })).toEqual({ field: 'product_id', message: 'Invalid id' });
    expect(error({ product_id: 4 })).toBeUndefined();
  });

  it('refuses a serial number outside the character rule and an unknown result code', () => {
    expect(error({ sn: 'A 1' })).toEqual({ field: 'sn', message: 'Invalid character' });
    expect(error({ result: 2 as Verdict })).toEqual({ field: 'result', message: RUN_MSG.runResult });
  });

  it('checks the times', () => {
    expect(error({ start_time: '2025-11-23 09:12:03' })).toEqual({
      field: 'start_time',
      message: RUN_MSG.time,
    });
    expect(error({ start_time: '2025-02-30T09:12:03Z' })).toEqual({
      field: 'start_time',
      message: RUN_MSG.time,
    });
    expect(error({ start_time: '2025-11-23T24:00:00Z' })).toEqual({
      field: 'start_time',
      message: RUN_MSG.time,
    });
    expect(error({ start_time: '2025-13-40T09:12:03Z' })).toEqual({
      field: 'start_time',
      message: RUN_MSG.time,
    });
    expect(error({ end_time: '2025-11-23T09:12:03' })).toEqual({ field: 'end_time', message: RUN_MSG.time });
    expect(error({ end_time: '2025-11-23T09:12:03Z' })).toEqual({
      field: 'end_time',
      message: RUN_MSG.endsBeforeStart,
    });
    expect(error({ start_time: '1999-12-31T23:59:59Z' })).toEqual({
      field: 'start_time',
      message: RUN_MSG.tooEarly,
    });
    expect(error({ start_time: '2025-11-25T12:00:00Z', end_time: '2025-11-25T13:00:00Z' })).toEqual({
      field: 'start_time',
      message: RUN_MSG.inFuture,
    });
  });

  it('checks the step results, then the traces', () => {
    expect(error({ steps: [step({ unit: 'x'.repeat(21) })] })).toEqual({
      field: 'steps[0].unit',
      message: 'No more than 20 characters',
    });
    expect(error({ traces: [{ step_index: 0, freqs_MHz: [1], values: [1] }] })).toEqual({
      field: 'traces[0].step_index',
      message: RUN_MSG.headingTrace(0),
    });
  });
});

describe('parseRunTime', () => {
  it('reads ISO 8601 with a zone only', () => {
    expect(parseRunTime('2025-11-23T09:12:03.114Z')).toBe(Date.UTC(2025, 10, 23, 9, 12, 3, 114));
    expect(parseRunTime('2025-11-23T19:12:03+10:00')).toBe(Date.UTC(2025, 10, 23, 9, 12, 3));
    expect(parseRunTime('2025-11-23')).toBeUndefined();
    expect(parseRunTime(17)).toBeUndefined();
  });
});

describe('stepResultsError', () => {
  const check = (steps: unknown[], result = Verdict.Passed) => stepResultsError(steps, result);

  it('takes numbers, texts and null as limits and values', () => {
    expect(check([step({ lower: 'yes', upper: null, value: 'yes' }), step({ lower: -3 })])).toBeUndefined();
  });

  it('takes the warnings of a measurement, or none', () => {
    const warning = 'Gate narrower than the Normal minimum of 5.6 ns: the gated trace is distorted';
    expect(check([step({ warnings: [warning] }), step({ warnings: [] })])).toBeUndefined();
  });

  it('takes what a trace needs to be drawn with its limits, or nothing', () => {
    const plot = { actionId: 102, startFreq_MHz: 800, stopFreq_MHz: 900 };
    expect(check([step({ plot }), step()])).toBeUndefined();
  });

  it('takes values up to 1e100 in size and limits of any finite size', () => {
    const huge = Number.MAX_VALUE;
    const unlimited = { lower: null, upper: null };
    const steps = [1e100, -1e100, 5e-324].map((value) => step({ ...unlimited, value }));
    expect(check([...steps, step({ lower: -huge, upper: huge })])).toBeUndefined();
  });

  it('names the first broken field of the first broken step', () => {
    const cases: [unknown, string, string][] = [
      [null, 'steps[0]', 'Invalid value'],
      [{ ...step(), extra: 1 }, 'steps[0].extra', RUN_MSG.unknownField],
      [{ ...step(), title: undefined }, 'steps[0].title', 'Invalid value'],
      [step({ title: 't'.repeat(201) }), 'steps[0].title', 'No more than 200 characters'],
      [{ ...step(), isHeader: 1 }, 'steps[0].isHeader', 'Invalid value'],
      [{ ...step(), lower: {} }, 'steps[0].lower', 'Invalid value'],
      [{ ...step(), upper: 'u'.repeat(201) }, 'steps[0].upper', 'No more than 200 characters'],
      [{ ...step(), value: Infinity }, 'steps[0].value', 'Invalid value'],
      [{ ...step(), value: undefined }, 'steps[0].value', 'Invalid value'],
      [{ ...step(), value: 1.01e100 }, 'steps[0].value', RUN_MSG.valueSize],
      [{ ...step(), value: -1e308 }, 'steps[0].value', RUN_MSG.valueSize],
      [{ ...step(), unit: null }, 'steps[0].unit', 'Invalid value'],
      [{ ...step(), result: -1 }, 'steps[0].result', RUN_MSG.stepResult],
      [{ ...step(), result: true }, 'steps[0].result', RUN_MSG.stepResult],
      [{ ...step(), warnings: 'Gate' }, 'steps[0].warnings', RUN_MSG.warnings],
      [step({ warnings: Array.from({ length: 11 }, () => 'w') }), 'steps[0].warnings', RUN_MSG.warnings],
      [step({ warnings: ['ok', 'w'.repeat(201)] }), 'steps[0].warnings[1]', 'No more than 200 characters'],
      [{ ...step(), warnings: [3] }, 'steps[0].warnings[0]', 'Invalid value'],
      [{ ...step(), plot: 102 }, 'steps[0].plot', 'Invalid value'],
      [{ ...step(), plot: { actionId: 102, ref_dB: 'x' } }, 'steps[0].plot.ref_dB', 'Invalid value'],
    ];
    for (const [bad, field, message] of cases) expect(check([bad])).toEqual({ field, message });
  });

  it('refuses what is not a list, or too long a list', () => {
    expect(stepResultsError({}, Verdict.Passed)).toEqual({ field: 'steps', message: 'Invalid value' });
    const many = Array.from({ length: RUN_LIMITS.stepResults + 1 }, () => step());
    expect(check(many)).toEqual({ field: 'steps', message: RUN_MSG.tooManySteps });
  });

  it('holds the run result to its steps, headings not judged', () => {
    const failed = step({ value: 4, result: 0 });
    expect(check([step(), failed])).toEqual({ field: 'result', message: RUN_MSG.passedWithFailure(2) });
    expect(check([step(), failed], Verdict.Failed)).toBeUndefined();
    expect(check([step({ isHeader: true, result: 0 }), step()], Verdict.Failed)).toEqual({
      field: 'result',
      message: RUN_MSG.failedWithoutFailure,
    });
    expect(check([step({ isHeader: true, result: 0 }), step()])).toBeUndefined();
  });

  it('lets an aborted run have any results, none included', () => {
    expect(check([], Verdict.Aborted)).toBeUndefined();
    expect(check([step({ value: 4, result: 0 })], Verdict.Aborted)).toBeUndefined();
  });

  it('passes a run without results (a test of Prompts and Delays) and never fails it', () => {
    expect(check([])).toBeUndefined();
    expect(check([step({ isHeader: true })])).toBeUndefined();
    expect(check([], Verdict.Failed)).toEqual({ field: 'result', message: RUN_MSG.failedWithoutFailure });
  });
});

describe('tracesError', () => {
  const steps = [step({ isHeader: true }), step(), step()];
  const trace = (over: object = {}) => ({ step_index: 1, freqs_MHz: [1, 2], values: [3, 4], ...over });

  it('accepts no traces, or one per judged step', () => {
    expect(tracesError(undefined, steps)).toBeUndefined();
    expect(tracesError([trace(), trace({ step_index: 2, report: false })], steps)).toBeUndefined();
  });

  it('refuses traces that name no judged step, or a step twice', () => {
    const cases: [unknown, string, string][] = [
      ['x', 'traces', 'Invalid value'],
      [[trace(), trace(), trace(), trace()], 'traces', RUN_MSG.tooManyTraces],
      [[7], 'traces[0]', 'Invalid value'],
      [[trace({ extra: 1 })], 'traces[0].extra', RUN_MSG.unknownField],
      [[trace({ step_index: 3 })], 'traces[0].step_index', RUN_MSG.noSuchStep(3)],
      [[trace({ step_index: 1.5 })], 'traces[0].step_index', RUN_MSG.noSuchStep(1.5)],
      [[trace({ step_index: '1' })], 'traces[0].step_index', RUN_MSG.noSuchStep(1)],
      [[trace({ step_index: 0 })], 'traces[0].step_index', RUN_MSG.headingTrace(0)],
      [[trace(), trace()], 'traces[1].step_index', RUN_MSG.twoTraces(1)],
      [[trace({ report: 'yes' })], 'traces[0].report', 'Invalid value'],
      [[trace({ values: [1] })], 'traces[0].values', 'As many values as frequencies'],
    ];
    for (const [traces, field, message] of cases)
      expect(tracesError(traces, steps)).toEqual({ field, message });
  });
});

describe('keepsTrace', () => {
  it('keeps traces of report-marked steps and of failed steps only', () => {
    expect(keepsTrace({ report: true }, { result: 1 })).toBe(true);
    expect(keepsTrace({}, { result: 0 })).toBe(true);
    expect(keepsTrace({ report: false }, { result: 1 })).toBe(false);
    expect(keepsTrace({}, { result: 1 })).toBe(false);
  });
});

describe('isEarlierRun', () => {
  const run = (startTime: number, result: Verdict, id: number) => ({ startTime, result, id });

  it('orders by start time, then the lower result, then upload order', () => {
    expect(isEarlierRun(run(1, Verdict.Passed, 9), run(2, Verdict.Failed, 1))).toBe(true);
    expect(isEarlierRun(run(2, Verdict.Failed, 1), run(1, Verdict.Passed, 9))).toBe(false);
    expect(isEarlierRun(run(1, Verdict.Aborted, 9), run(1, Verdict.Failed, 1))).toBe(true);
    expect(isEarlierRun(run(1, Verdict.Passed, 9), run(1, Verdict.Failed, 1))).toBe(false);
    expect(isEarlierRun(run(1, Verdict.Passed, 1), run(1, Verdict.Passed, Infinity))).toBe(true);
  });
});
