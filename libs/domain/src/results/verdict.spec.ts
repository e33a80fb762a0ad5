import fc from 'fast-check';
import type { StepVerdict } from './verdict';
import {
  ABORTED_COLOR,
  FAIL_COLOR,
  isVerdict,
  overallVerdict,
  PASS_COLOR,
  Verdict,
  verdictColor,
  verdictLabel,
} from './verdict';

describe('Verdict', () => {
  it('has the wire codes of the spec', () => {
    expect([Verdict.Passed, Verdict.Failed, Verdict.Aborted]).toEqual([1, 0, -1]);
  });

  it('labels each result as the usage table shows it', () => {
    expect([1, 0, -1].map((v) => verdictLabel(v as Verdict))).toEqual(['Passed', 'Failed', 'Aborted']);
  });

  it('recognises only the three codes', () => {
    expect([1, 0, -1].every(isVerdict)).toBe(true);
    expect([2, -2, 0.5, '1', null, undefined, NaN].some(isVerdict)).toBe(false);
  });

  it('colours pass blue and fail red', () => {
    expect(verdictColor(Verdict.Passed)).toBe(PASS_COLOR);
    expect(verdictColor(Verdict.Failed)).toBe(FAIL_COLOR);
    expect(verdictColor(Verdict.Aborted)).toBe(ABORTED_COLOR);
    expect(new Set([PASS_COLOR, FAIL_COLOR, ABORTED_COLOR]).size).toBe(3);
  });
});

describe('overallVerdict', () => {
  it('passes when every step passed', () => {
    expect(overallVerdict([1, 1, 1], false)).toBe(Verdict.Passed);
  });

  it('fails when a step failed', () => {
    expect(overallVerdict([1, 0, 1], false)).toBe(Verdict.Failed);
  });

  it('passes a run with no judged steps', () => {
    expect(overallVerdict([], false)).toBe(Verdict.Passed);
  });

  it('reports an abort whatever the steps say', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<StepVerdict>(0, 1)), (steps) => {
        expect(overallVerdict(steps, true)).toBe(Verdict.Aborted);
      }),
    );
  });

  it('fails exactly when some step failed', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<StepVerdict>(0, 1)), (steps) => {
        const input = [...steps];
        expect(overallVerdict(steps, false)).toBe(steps.includes(0) ? Verdict.Failed : Verdict.Passed);
        expect(steps).toEqual(input);
      }),
    );
  });
});
