import fc from 'fast-check';
import type { StepResult } from '../api/results';
import { Verdict } from '../results/verdict';
import { judge, judgeEveryPoint } from '../trace-math/judge';
import { SKIPPED_PREFIX, stepVerdictError } from './step-verdict';
import { RUN_LIMITS, RUN_MSG, runUploadError } from './upload';
import { VMSG } from '../validation/messages';

const NOW = Date.parse('2025-11-23T12:00:00Z');

const row = (over: Partial<StepResult>): StepResult => ({
  title: 'Insertion Loss Max',
  isHeader: false,
  lower: null,
  upper: 1.5,
  value: 0.82,
  unit: 'dB',
  result: 1,
  ...over,
});

/** A run of these rows as the runner uploads it, through JSON as it travels. */
function uploaded(steps: StepResult[]): unknown {
  const result = steps.some((s) => !s.isHeader && s.result === 0) ? Verdict.Failed : Verdict.Passed;
  return JSON.parse(
    JSON.stringify({
      client_run_id: 'prop-1',
      seq_id: 1,
      seq_version: 1,
      sn: 'SN-1',
      start_time: '2025-11-23T09:00:00Z',
      end_time: '2025-11-23T09:01:00Z',
      result,
      steps,
    }),
  );
}

/** A measured value, as large as an upload takes; a limit may be any finite number. */
const value = fc.double({ noNaN: true, min: -RUN_LIMITS.valueSize, max: RUN_LIMITS.valueSize });
const limit = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null });

describe('stepVerdictError', () => {
  it('names the contradiction as the issue reads it', () => {
    expect(stepVerdictError(row({ value: 99.9, upper: 1.5, result: 1 }))).toBe(
      'value 99.9 is above the upper limit 1.5, but the step is marked passed',
    );
    expect(stepVerdictError(row({ value: -1, lower: 0, upper: null, result: 1 }))).toBe(
      'value -1 is below the lower limit 0, but the step is marked passed',
    );
    expect(stepVerdictError(row({ value: 1, result: 0 }))).toBe(
      'value 1 is within its limits, but the step is marked failed',
    );
    expect(runUploadError(uploaded([row({}), row({ value: 99.9 })]), NOW)).toEqual({
      field: 'steps[1]',
      message: 'value 99.9 is above the upper limit 1.5, but the step is marked passed',
    });
  });

  it('judges a limit written as a number in text, and lets other text limit nothing', () => {
    expect(stepVerdictError(row({ value: 21, lower: '25', upper: null, result: 1 }))).toMatch(/below/);
    expect(stepVerdictError(row({ value: 21, lower: '15', upper: null, result: 1 }))).toBeUndefined();
    expect(stepVerdictError(row({ value: 21, lower: 'n/a', upper: null, result: 1 }))).toBeUndefined();
  });

  it('leaves headings, null values and text without expected answers unjudged', () => {
    expect(stepVerdictError(row({ isHeader: true, value: null, result: 1 }))).toBeUndefined();
    expect(stepVerdictError(row({ value: 'yes', unit: '', upper: null, result: 0 }))).toBeUndefined();
    expect(stepVerdictError(row({ value: 'yes', unit: '', upper: null, result: 1 }))).toBeUndefined();
    expect(stepVerdictError(row({ value: null, result: 1 }))).toBeUndefined();
  });

  const answered = (value: string, expected: string[], result: 0 | 1) =>
    row({ value, expected, result, unit: '', upper: null });

  it('judges an answer against the answers its row expects, as the runner does', () => {
    expect(stepVerdictError(answered('yes', ['yes'], 1))).toBeUndefined();
    expect(stepVerdictError(answered('no', ['yes'], 0))).toBeUndefined();
    expect(stepVerdictError(answered('Blue', ['Red', 'Blue'], 1))).toBeUndefined();
    expect(stepVerdictError(answered('no', ['yes'], 1))).toBe(
      'answer "no" is not the expected "yes", but the step is marked passed',
    );
    expect(stepVerdictError(answered('yes', ['yes'], 0))).toBe(
      'answer "yes" is the expected "yes", but the step is marked failed',
    );
    expect(stepVerdictError(answered('Green', ['Red', 'Blue'], 1))).toBe(
      'answer "Green" is not the expected one of "Red", "Blue", but the step is marked passed',
    );
    expect(stepVerdictError(answered('Red', [], 1))).toBe(
      'answer "Red" has no expected answer, but the step is marked passed',
    );
    // exactly: no trimming nor case folding, as the runner compares
    expect(stepVerdictError(answered('Yes', ['yes'], 1))).toMatch(/not the expected/);
    expect(runUploadError(uploaded([row({}), answered('no', ['yes'], 1)]), NOW)).toEqual({
      field: 'steps[1]',
      message: 'answer "no" is not the expected "yes", but the step is marked passed',
    });
  });

  it('refuses a skipped step marked passed: the runner records it as failed', () => {
    const skipped = `${SKIPPED_PREFIX}Timeout reading the analyzer`;
    expect(stepVerdictError(row({ value: skipped, upper: null, unit: '', result: 0 }))).toBeUndefined();
    expect(stepVerdictError(row({ value: skipped, upper: null, unit: '', result: 1 }))).toBe(
      'the step was skipped ("skipped: Timeout reading the analyzer"), but it is marked passed',
    );
  });

  it('refuses malformed expected answers, naming them', () => {
    const over = (expected: unknown) =>
      runUploadError(uploaded([{ ...answered('no', [], 0), expected } as StepResult]), NOW);
    expect(over('yes')).toEqual({ field: 'steps[0].expected', message: RUN_MSG.expected });
    expect(over(Array(RUN_LIMITS.expected + 1).fill('yes'))).toEqual({
      field: 'steps[0].expected',
      message: RUN_MSG.expected,
    });
    expect(over(Array(RUN_LIMITS.expected).fill('yes'))).toBeUndefined();
    expect(over(['yes', 7])).toEqual({ field: 'steps[0].expected[1]', message: VMSG.invalidValue });
    expect(over(['x'.repeat(RUN_LIMITS.textLength + 1)])?.field).toBe('steps[0].expected[0]');
  });

  it('never refuses a row the runner judged, and always refuses its flag flipped', () => {
    fc.assert(
      fc.property(value, limit, limit, (v, lower, upper) => {
        const judged = row({ value: v, lower, upper, result: judge(v, { lower, upper }) });
        expect(runUploadError(uploaded([judged]), NOW)).toBeUndefined();
        const flipped = { ...judged, result: judged.result === 1 ? 0 : 1 } as StepResult;
        expect(runUploadError(uploaded([flipped]), NOW)?.field).toBe('steps[0]');
      }),
    );
  });

  it('never refuses an answer the runner judged, and always refuses its flag flipped', () => {
    const text = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: RUN_LIMITS.expected - 1 }), (answer, others) => {
        // a Question's or a Multiple Choice's row: the answer given, judged as runOperatorStep judges
        for (const expected of [others, [...others, answer]]) {
          const judged = answered(answer, expected, expected.includes(answer) ? 1 : 0);
          expect(runUploadError(uploaded([judged]), NOW)).toBeUndefined();
          const flipped = { ...judged, result: judged.result === 1 ? 0 : 1 } as StepResult;
          expect(runUploadError(uploaded([flipped]), NOW)?.field).toBe('steps[0]');
        }
      }),
    );
  });

  it('agrees with every point judged: the reported point carries the band’s verdict', () => {
    fc.assert(
      fc.property(value, value, limit, limit, fc.boolean(), (a, b, lower, upper, high) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const m = judgeEveryPoint(
          [1, 2],
          { min, minIndex: 0, max, maxIndex: 1 },
          { lower, upper },
          'dB',
          high ? 'high' : 'low',
        );
        const judged = row({ value: m.value, lower, upper, unit: m.unit, result: m.result });
        expect(runUploadError(uploaded([judged]), NOW)).toBeUndefined();
      }),
    );
  });
});
