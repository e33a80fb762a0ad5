import { LIMITS_NOT_DRAWN } from '@sweepline/domain';
import { limitScenarios } from '@sweepline/domain/src/testing/limit-scenarios';
import { limitLabelBaselines, plotFrameOf, spreadLabels } from './plot-frame';

describe('plotFrameOf', () => {
  it.each(limitScenarios().map((s) => [s.name, s] as const))(
    '%s: the failing unit’s trace crosses the printed line onto its shaded side, in view',
    (_, { failing }) => {
      const frame = plotFrameOf(
        { stepIndex: 0, ...failing },
        { ...failing.step, title: 'Step', isHeader: false },
      );
      expect(frame.limits).toHaveLength(1);
      const [limit] = frame.limits;
      const under = frame.values.filter(
        (_, i) =>
          failing.freqs_MHz[i]! >= limit!.fromMHz - 1e-6 && failing.freqs_MHz[i]! <= limit!.toMHz + 1e-6,
      );
      const beyond = (v: number) => (limit!.failSide === 'above' ? v > limit!.y : v < limit!.y);
      // a Phase step's limit holds at one frequency, between two measured points
      if (under.length > 0) expect(under.some(beyond)).toBe(true);
      expect(limit!.y).toBeGreaterThanOrEqual(frame.yRange[0]);
      expect(limit!.y).toBeLessThanOrEqual(frame.yRange[1]);
      expect(frame.xRange[0]).toBeLessThanOrEqual(limit!.fromMHz);
      expect(frame.xRange[1]).toBeGreaterThanOrEqual(limit!.toMHz);
    },
  );

  it('draws no limits for a result without a StepPlot, framed on the trace alone, and notes it', () => {
    const trace = { stepIndex: 0, freqs_MHz: [100, 200], values: [-40, -41] };
    const step = {
      title: 'Gain',
      isHeader: false,
      lower: 0.2,
      upper: 1,
      value: 0.5,
      unit: 'dB',
      result: 1 as const,
    };
    expect(plotFrameOf(trace, step)).toEqual({
      values: [-40, -41],
      xRange: [100, 200],
      yRange: [-41, -40],
      limits: [],
      axisTitle: 'dB',
      note: LIMITS_NOT_DRAWN,
    });
    // without numeric limits there is nothing to note
    expect(plotFrameOf(trace, { ...step, lower: null, upper: 'Pass' }).note).toBeUndefined();
  });

  it('titles the value axis with what is plotted and its unit', () => {
    const trace = { stepIndex: 0, freqs_MHz: [100, 200], values: [-20, -21] };
    const step = {
      title: 'SWR',
      isHeader: false,
      lower: null,
      upper: 1.5,
      value: 1.2,
      unit: '',
      result: 1 as const,
      plot: { actionId: 109 },
    };
    expect(plotFrameOf(trace, step).axisTitle).toBe('SWR');
  });
});

describe('spreadLabels', () => {
  it('prints labels closer than the gap one above the other', () => {
    // "Lower 0.2" and "Upper 1" on a plot of −40 dB are a point apart
    expect(spreadLabels([101, 100.4], 8.5, 0)).toEqual([108.9, 100.4]);
  });

  it('leaves labels far enough apart where they are, and none below the floor', () => {
    expect(spreadLabels([50, 10, 90], 8.5, 20)).toEqual([50, 20, 90]);
  });
});

describe('limitLabelBaselines', () => {
  const plot = { bottom: 20, top: 200 };
  const crosses = (baseline: number, lineY: number) => lineY >= baseline - 0.5 && lineY <= baseline + 5 + 0.5;

  it("puts a band's labels outside it, so neither line strikes through the other's label", () => {
    // "Insertion loss <= 1 dB" (|S21| >= -1, failing below) a point under "Insertion loss >= 0.2 dB"
    const lines = [
      { lineY: 100, failSide: 'below' as const },
      { lineY: 101, failSide: 'above' as const },
    ];
    const [lower, upper] = limitLabelBaselines(lines, 8.5, 5, plot);
    expect(lower).toBe(92.5);
    expect(upper).toBe(103.5);
    for (const baseline of [lower!, upper!])
      for (const { lineY } of lines) expect(crosses(baseline, lineY)).toBe(false);
  });

  it('spreads labels on one side apart, and keeps a label without a side above its line', () => {
    const placed = limitLabelBaselines(
      [{ lineY: 150, failSide: 'below' }, { lineY: 148, failSide: 'below' }, { lineY: 60 }],
      8.5,
      5,
      plot,
    );
    expect(placed).toEqual([142.5, 134, 62.5]);
  });

  it('puts a lower limit near the bottom of the plot above its line, inside the plot', () => {
    expect(limitLabelBaselines([{ lineY: 24, failSide: 'below' }], 8.5, 5, plot)).toEqual([26.5]);
  });
});
