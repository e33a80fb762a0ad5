import fc from 'fast-check';
import { westernElectric } from '../analysis/control-chart';
import { JUDGE_MEMORY, judgeSeries, judgeValue, judgeValues } from './judge';

const LIMITS = { centre: 10, sigmaWithin: 0.5 };

/** Values around the centre, within ±4σ, so every rule is met now and then. */
const value = fc.double({ min: 8, max: 12, noNaN: true });

/** The series cut at the given points into uploads. */
function chunks<T>(values: readonly T[], cuts: readonly number[]): T[][] {
  const at = [...new Set(cuts.map((c) => c % (values.length + 1)))].sort((a, b) => a - b);
  const out: T[][] = [];
  let from = 0;
  for (const to of [...at, values.length]) {
    out.push(values.slice(from, to));
    from = to;
  }
  return out;
}

describe('judgeValues', () => {
  it('equals the control chart batch judge for any order of values and any split into uploads', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.constantFrom(LIMITS, { centre: 0, sigmaWithin: 1 }, { centre: 10000000.1, sigmaWithin: 0.02 }),
        (values, cuts, limits) => {
          const shifted = values.map((x) => limits.centre + ((x - 10) / 0.5) * limits.sigmaWithin);
          const batch = westernElectric(shifted, limits.centre, limits.sigmaWithin);
          let state: number[] = [];
          const incremental = chunks(shifted, cuts).flatMap((upload) => {
            const judged = judgeValues(limits, state, upload);
            state = judged.state;
            return judged.rules;
          });
          expect(incremental).toEqual(batch);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('meets every rule in the property runs (the property is not vacuous)', () => {
    const seen = new Set<number>();
    fc.assert(
      fc.property(fc.array(value, { minLength: 20, maxLength: 60 }), (values) => {
        judgeValues(LIMITS, [], values)
          .rules.flat()
          .forEach((rule) => seen.add(rule));
      }),
      { numRuns: 300, seed: 41 },
    );
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  it('judges nothing when σ within is zero, as the chart does', () => {
    expect(judgeValues({ centre: 1, sigmaWithin: 0 }, [], [5, 5, 5]).rules).toEqual([[], [], []]);
  });
});

describe('judgeSeries', () => {
  it("equals the incremental judge's verdicts for the same values after the same earlier ones", () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 12 }),
        fc.array(value, { maxLength: 60 }),
        (before, values) => {
          expect(judgeSeries(LIMITS, before, values)).toEqual(judgeValues(LIMITS, before, values).rules);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('judges the first values with the earlier ones: the eighth above the centre completes rule 4', () => {
    const seven = Array.from({ length: 7 }, () => 10.1);
    expect(judgeSeries(LIMITS, seven, [10.2, 9.9])).toEqual([[4], []]);
    expect(judgeSeries(LIMITS, [], [10.2, 9.9])).toEqual([[], []]);
  });

  it('answers nothing for no values, and judges nothing with zero σ within', () => {
    expect(judgeSeries(LIMITS, [10.1, 10.2], [])).toEqual([]);
    expect(judgeSeries({ centre: 1, sigmaWithin: 0 }, [1], [9, 9])).toEqual([[], []]);
  });
});

describe('judgeValue', () => {
  it('opens rule 4 on the eighth value above the centre, and says above', () => {
    const seven = Array.from({ length: 7 }, () => 10.1);
    const judged = judgeValue(LIMITS, seven, 10.2);
    expect(judged.rules).toEqual([4]);
    expect(judged.side).toBe('above');
  });

  it('does not see rule 4 on the seventh value', () => {
    expect(judgeValue(LIMITS, [10.1, 10.1, 10.1, 10.1, 10.1, 10.1], 10.1).rules).toEqual([]);
  });

  it('carries at most the last JUDGE_MEMORY values, oldest first', () => {
    const judged = judgeValue(LIMITS, [1, 2, 3, 4, 5, 6, 7, 8, 9], 11);
    expect(judged.state).toHaveLength(JUDGE_MEMORY);
    expect(judged.state).toEqual([4, 5, 6, 7, 8, 9, 11]);
  });

  it('says below for a value under the centre that breaks rule 1', () => {
    expect(judgeValue(LIMITS, [], 8.4)).toEqual({ rules: [1], side: 'below', state: [8.4] });
  });
});
