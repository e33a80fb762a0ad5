import fc from 'fast-check';
import { controlLimits, westernElectric } from './control-chart';
import { mean, movingRanges, sigmaWithin } from './sums';

describe('controlLimits', () => {
  it('gives the I and MR chart lines of 1..5 by hand', () => {
    const limits = controlLimits([1, 2, 3, 4, 5])!;
    expect(limits.centre).toBe(3);
    expect(limits.mrCentre).toBe(1);
    expect(limits.upperLimit).toBeCloseTo(5.66, 12);
    expect(limits.lowerLimit).toBeCloseTo(0.34, 12);
    expect(limits.mrUpperLimit).toBeCloseTo(3.267, 12);
    expect(limits.sigmaWithin).toBeCloseTo(1 / 1.128, 12);
  });

  it('has no limits for a single value', () => {
    expect(controlLimits([3])).toBeNull();
  });
});

/** Zones in σ = 1 about centre 0, so a value is its own z. */
const rules = (values: number[]) => westernElectric(values, 0, 1);

describe('westernElectric', () => {
  it('rule 1: trips on one point beyond 3σ on either side, not on the line', () => {
    expect(rules([0, 3.01, -3.5])).toEqual([[], [1], [1]]);
    expect(rules([0, 3, -3])).toEqual([[], [], []]);
  });

  it('rule 2: trips on two of three beyond 2σ on one side, not on two of four or on opposite sides', () => {
    expect(rules([2.5, 0, 2.1])).toEqual([[], [], [2]]);
    expect(rules([2.5, 0, 0, 2.5])).toEqual([[], [], [], []]);
    expect(rules([2.5, 0, -2.5])).toEqual([[], [], []]);
  });

  it('rule 3: trips on four of five beyond 1σ on one side, not on three of five', () => {
    expect(rules([-1.5, -1.5, 0, -1.5, -1.2])).toEqual([[], [], [], [], [3]]);
    expect(rules([1.5, 1.5, 0, 0, 1.5])).toEqual([[], [], [], [], []]);
  });

  it('rule 4: trips on eight in a row on one side, not on seven', () => {
    const eight = rules([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]);
    expect(eight[7]).toEqual([4]);
    expect(eight.slice(0, 7).flat()).toEqual([]);
    expect(rules([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0]).flat()).toEqual([]);
  });

  it('flags a point with every rule it completes, and only points beyond', () => {
    const flags = rules([0.5, 0.5, 0.5, 0.5, 0.5, 1.5, 2.5, 3.5]);
    expect(flags[7]).toEqual([1, 2, 4]);
    expect(rules([2.5, 2.5, 0.1])[2]).toEqual([]);
  });

  it('evaluates nothing when σ within is zero', () => {
    expect(westernElectric([1, 1, 1], 1, 0)).toEqual([[], [], []]);
  });
});

/** The rules as their definition reads: each window counted anew (the one-pass judge must agree). */
function rulesByWindow(values: number[], centre: number, sigma: number): number[][] {
  const windows = [
    { rule: 1, size: 1, count: 1, zones: 3 },
    { rule: 2, size: 3, count: 2, zones: 2 },
    { rule: 3, size: 5, count: 4, zones: 1 },
    { rule: 4, size: 8, count: 8, zones: 0 },
  ];
  const z = values.map((x) => (x - centre) / sigma);
  return z.map((zi, i) =>
    windows
      .filter(({ size, count, zones }) =>
        [1, -1].some(
          (side) =>
            i >= size - 1 &&
            side * zi > zones &&
            z.slice(i - size + 1, i + 1).filter((zj) => side * zj > zones).length >= count,
        ),
      )
      .map((w) => w.rule),
  );
}

describe('the one-pass judge and limits', () => {
  // values on zone lines and near them, drifts and shifts: integers and halves about 0 with σ 1
  const values = fc.array(
    fc.oneof(fc.integer({ min: -4, max: 4 }), fc.double({ min: -4, max: 4, noNaN: true })),
    { maxLength: 60 },
  );

  it('flags what counting each window anew flags', () => {
    fc.assert(
      fc.property(values, fc.double({ min: -1, max: 1, noNaN: true }), (xs, centre) => {
        expect(westernElectric(xs, centre, 1)).toEqual(rulesByWindow(xs, centre, 1));
      }),
      { numRuns: 500 },
    );
  });

  it('gives σ within and MR̄ to the bit as the mean of the listed moving ranges', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 2 }), (xs) => {
        const limits = controlLimits(xs)!;
        expect(limits.mrCentre).toBe(mean(movingRanges(xs)));
        expect(limits.sigmaWithin).toBe(sigmaWithin(xs));
      }),
    );
  });
});
