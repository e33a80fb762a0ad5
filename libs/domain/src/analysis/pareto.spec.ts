import { pareto, type ParetoRun } from './pareto';

const RUNS: ParetoRun[] = [
  { aborted: false, failingSteps: ['s1', 's2'] },
  { aborted: false, failingSteps: ['s2'] },
  { aborted: false, failingSteps: ['s1'] },
  { aborted: true, failingSteps: [] },
  { aborted: false, failingSteps: ['s3', 's1'] },
];

describe('pareto', () => {
  it('counts each failed run once at its first failing step, aborted runs as their own bar', () => {
    expect(pareto(RUNS, 'first')).toEqual([
      { key: 's1', count: 2, percent: 40, cumulativePercent: 40 },
      { key: 's2', count: 1, percent: 20, cumulativePercent: 60 },
      { key: 's3', count: 1, percent: 20, cumulativePercent: 80 },
      { key: null, count: 1, percent: 20, cumulativePercent: 100 },
    ]);
  });

  it('counts every failing step when asked', () => {
    expect(pareto(RUNS, 'every')).toEqual([
      { key: 's1', count: 3, percent: 42.86, cumulativePercent: 42.86 },
      { key: 's2', count: 2, percent: 28.57, cumulativePercent: 71.43 },
      { key: 's3', count: 1, percent: 14.29, cumulativePercent: 85.71 },
      { key: null, count: 1, percent: 14.29, cumulativePercent: 100 },
    ]);
  });

  it('weighs grouped runs by their number, and leaves out a failed run without a failing step', () => {
    expect(
      pareto(
        [
          { aborted: false, failingSteps: ['b'], runs: 3 },
          { aborted: false, failingSteps: ['a'], runs: 1 },
          { aborted: false, failingSteps: [] },
        ],
        'first',
      ).map((b) => [b.key, b.count]),
    ).toEqual([
      ['b', 3],
      ['a', 1],
    ]);
  });

  it('has no bars without failed runs', () => {
    expect(pareto([], 'every')).toEqual([]);
  });
});
