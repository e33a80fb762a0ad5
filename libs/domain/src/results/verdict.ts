/** Result codes of docs/requirements/results.md#entities, docs/requirements/results.md#screen: 1 passed, 0 failed, -1 aborted. */
export enum Verdict {
  Passed = 1,
  Failed = 0,
  Aborted = -1,
}

/** The result of one step: 1 passed, 0 failed (docs/requirements/results.md#entities). */
export type StepVerdict = 0 | 1;

const LABELS: Record<Verdict, string> = {
  [Verdict.Passed]: 'Passed',
  [Verdict.Failed]: 'Failed',
  [Verdict.Aborted]: 'Aborted',
};

export function verdictLabel(v: Verdict): string {
  return LABELS[v];
}

export function isVerdict(x: unknown): x is Verdict {
  return x === Verdict.Passed || x === Verdict.Failed || x === Verdict.Aborted;
}

/**
 * docs/requirements/results.md#screen: pass blue, fail red; dark enough to read at 4.5:1 (WCAG AA) on white and on a
 * selected row's light blue (issue 28): Mantine's blue.9, and a deep red.
 */
export const PASS_COLOR = '#1864ab';
export const FAIL_COLOR = '#b91c1c';
/** Ours: the spec gives no colour for an aborted run; the app's dimmed grey (libs/ui theme). */
export const ABORTED_COLOR = '#5c636a';

export const VERDICT_COLORS: Record<Verdict, string> = {
  [Verdict.Passed]: PASS_COLOR,
  [Verdict.Failed]: FAIL_COLOR,
  [Verdict.Aborted]: ABORTED_COLOR,
};

export function verdictColor(v: Verdict): string {
  return VERDICT_COLORS[v];
}

/**
 * The verdict of a run from its step results: aborted wins, then any failed step fails the run.
 * A run with no judged steps passes (as in OpenHTF: nothing failed), so a test made only of
 * prompts does not fail; the app only runs complete tests, which have judged steps.
 */
export function overallVerdict(stepResults: readonly StepVerdict[], aborted: boolean): Verdict {
  if (aborted) return Verdict.Aborted;
  return stepResults.includes(0) ? Verdict.Failed : Verdict.Passed;
}
