import fc from 'fast-check';
import type { StepResult } from '../api/results';
import { Verdict } from '../results/verdict';
import { judge, judgeEveryPoint } from '../trace-math/judge';
import { stepVerdictError } from './step-verdict';
import { runUploadError } from './upload';

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

const value = fc.double({ noNaN: true, noDefaultInfinity: true });
const limit = fc.option(value, { nil: null });

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

  it('leaves headings and text values to their own rules', () => {
    expect(stepVerdictError(row({ isHeader: true, value: null, result: 1 }))).toBeUndefined();
    expect(stepVerdictError(row({ value: 'yes', unit: '', upper: null, result: 0 }))).toBeUndefined();
    expect(stepVerdictError(row({ value: null, result: 1 }))).toBeUndefined();
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
