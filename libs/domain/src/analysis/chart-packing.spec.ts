import fc from 'fast-check';
import type { ControlChartReport } from '../api/analysis';
import { fromSteps, packSeries, toSteps, unpackControlChart } from './chart-packing';
import { reduceSeries, reducedIndexes } from './chart-reduction';
import { controlLimits, westernElectric } from './control-chart';
import { changesOf, controlSeries } from './control-series';

/** The chart's rows for `values`: late runs (ids out of time order) and a limits and version change halfway. */
function chartOf(values: number[]): ControlChartReport {
  const limits = controlLimits(values);
  const rules = limits ? westernElectric(values, limits.centre, limits.sigmaWithin) : [];
  const half = values.length >> 1;
  const points = controlSeries(
    {
      runIds: values.map((_, i) => 1000 + 7 * i - (i % 5 === 3 ? 20 : 0)),
      times: values.map((_, i) => 1_700_000_000_000 + 61_013 * i),
      sns: values.map((_, i) => `SN-${i}`),
      values,
      ...changesOf(
        values.map((_, i) => (i < half ? -50 : null)),
        values.map(() => 50),
        values.map((_, i) => (i < half ? 1 : 2)),
      ),
    },
    rules,
  );
  return {
    seqId: 1,
    seqName: 'Final',
    step: 'Gain',
    unit: 'dB',
    versions: [1, 2],
    lower: null,
    upper: 50,
    limitsChanged: true,
    notNumeric: 0,
    limits,
    frozen: null,
    points,
  };
}

describe('packing the sized chart', () => {
  it('spells out to the reduced series, serial numbers kept where a point breaks a rule', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 1, max: 40 }),
        (values, width) => {
          const whole = chartOf(values);
          const flagged = whole.points.violations.map((v) => v.index);
          const reduced = reduceSeries(whole.points, reducedIndexes(values, flagged, width), width);
          const { points: _points, ...rest } = whole;
          const got = unpackControlChart({ ...rest, packed: packSeries(reduced, values) });
          const breaking = new Set(reduced.points.violations.map((v) => v.index));
          const sns = reduced.points.sns.map((sn, k) => (breaking.has(k) ? sn : ''));
          expect(got).toEqual({ ...rest, points: { ...reduced.points, sns }, reduction: reduced.reduction });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves a reply of every point as it is', () => {
    const whole = chartOf([1, 2, 3]);
    expect(unpackControlChart(whole)).toBe(whole);
  });

  it('packs rules as bits and the points as steps', () => {
    const whole = chartOf([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.1, 99, 0, 0]);
    const flagged = whole.points.violations.map((v) => v.index);
    const packed = packSeries(reduceSeries(whole.points, [0, 5, 6, 21, 23], 2), whole.points.values);
    expect(flagged).toContain(21);
    expect(packed.indexSteps).toEqual([0, 5, 1, 15, 2]);
    expect(packed.timeSteps).toEqual([1_700_000_000_000, 5 * 61_013, 61_013, 15 * 61_013, 2 * 61_013]);
    // the value before 5, 21 and 23 travels; 6 follows 5
    expect(packed.before).toEqual([0, 0.1, 0]);
    expect(packed.violationSteps).toEqual([3]);
    expect(packed.violationRules).toEqual([1]);
    expect(packed.violationSns).toEqual(['SN-21']);
  });

  it('undoes steps', () => {
    fc.assert(fc.property(fc.array(fc.integer()), (xs) => expect(fromSteps(toSteps(xs))).toEqual(xs)));
  });
});
