import { ActionId, FAIL_COLOR, PASS_COLOR, swrFromLogMag } from '@sweepline/domain';
import { limitScenarios } from '@sweepline/domain/src/testing/limit-scenarios';
import {
  drawnValues,
  initialRange,
  limitLinesDescription,
  LIMITS_NOT_DRAWN,
  traceChartData,
  traceChartOptions,
} from './trace-chart-config';
import { dragRange, nearestIndex, readout, zoomBy } from './trace-zoom';

const PLOT = {
  title: 'Insertion Loss Max',
  unit: 'dB',
  freqs_MHz: [800, 850, 900, 950, 1000],
  values: [0.5, 0.82, 0.6, 0.7, 0.55],
};

describe('trace chart config', () => {
  it('draws no limit line where the trace has no StepPlot, and says so in the legend (issue 38)', () => {
    // an insertion loss of 1.2 dB drawn as given would sit at +1.2 dB, above a failing |S21| trace
    const data = traceChartData({ ...PLOT, lower: -3, upper: 1.5 });
    expect(data.datasets.map((d) => d.label)).toEqual(['Insertion Loss Max', LIMITS_NOT_DRAWN]);
    expect(data.datasets[0]!.data[1]).toEqual({ x: 850, y: 0.82 });
    expect(data.datasets[0]!.borderColor).toBe(PASS_COLOR);
    expect(data.datasets[1]!.data).toEqual([]);
    expect(traceChartData({ ...PLOT, upper: 1.5 }).datasets).toHaveLength(2);
    expect(traceChartData(PLOT).datasets).toHaveLength(1);
    // a Rejection without its depending step's reference: its line's place is not known either
    const rejection = { actionId: ActionId.Rejection, startFreq_MHz: 850, stopFreq_MHz: 950 };
    expect(traceChartData({ ...PLOT, lower: 30, plot: rejection }).datasets.map((d) => d.label)).toEqual([
      'Insertion Loss Max',
      LIMITS_NOT_DRAWN,
    ]);
  });

  it('says in words where each limit line is and which side fails, or that none is drawn', () => {
    const freqs_MHz = [400, 500, 600, 700, 800];
    const failing = {
      title: 'IL',
      unit: 'dB',
      freqs_MHz,
      values: [-30, -1.54, -1.5, -1.52, -30],
      lower: 0.2,
      upper: 1.2,
      plot: { actionId: ActionId.InsertionLossMax, startFreq_MHz: 500, stopFreq_MHz: 700 },
    };
    expect(limitLinesDescription(failing)).toBe(
      'Insertion loss ≥ 0.2 dB: a line at -0.2 dB of |S21| from 500 to 700 MHz; above it fails. ' +
        'Insertion loss ≤ 1.2 dB: a line at -1.2 dB of |S21| from 500 to 700 MHz; below it fails.',
    );
    const { plot: _, ...unknown } = failing;
    expect(limitLinesDescription(unknown)).toBe(`${LIMITS_NOT_DRAWN}.`);
    expect(limitLinesDescription(PLOT)).toBe('No limit lines.');
  });

  it('labels the axes with MHz and the unit, and applies the zoom', () => {
    const options = traceChartOptions(PLOT, { min: 850, max: 900 });
    expect(options.animation).toBe(false);
    expect(options.scales?.['x']).toMatchObject({ min: 850, max: 900, title: { text: 'Frequency (MHz)' } });
    expect(options.scales?.['y']).toMatchObject({ title: { display: true, text: 'dB' } });
    // limits not drawn do not stretch the axis away from the trace
    const y = traceChartOptions({ ...PLOT, lower: -3, upper: 1.5 }).scales?.['y'];
    expect(y).not.toHaveProperty('suggestedMin');
    expect(y).not.toHaveProperty('suggestedMax');
    expect(traceChartOptions({ ...PLOT, unit: '' }).scales?.['y']).toMatchObject({
      title: { display: false },
    });
  });

  it('finds the nearest point by binary search', () => {
    expect(nearestIndex(PLOT.freqs_MHz, 874)).toBe(1);
    expect(nearestIndex(PLOT.freqs_MHz, 876)).toBe(2);
    expect(nearestIndex(PLOT.freqs_MHz, 10)).toBe(0);
    expect(nearestIndex(PLOT.freqs_MHz, 5000)).toBe(4);
    expect(nearestIndex([], 5)).toBe(-1);
  });

  it('zooms about the middle, inside the trace, and back to the whole trace', () => {
    const whole = { min: 0, max: 100 };
    expect(zoomBy(undefined, whole, 0.5)).toEqual({ min: 25, max: 75 });
    expect(zoomBy({ min: 80, max: 100 }, whole, 1.5)).toEqual({ min: 70, max: 100 });
    expect(zoomBy({ min: 25, max: 75 }, whole, 2)).toBeUndefined();
  });

  it('zooms to a dragged range, not to a click', () => {
    const whole = { min: 0, max: 100 };
    expect(dragRange(60, 20, whole)).toEqual({ min: 20, max: 60 });
    expect(dragRange(-10, 20, whole)).toEqual({ min: 0, max: 20 });
    expect(dragRange(20, 20.05, whole)).toBeUndefined();
  });

  it('reads a point in six significant digits', () => {
    expect(readout(1234.5678912, 0.8199999928474426, 'dB')).toBe('1234.57 MHz: 0.82 dB');
    expect(readout(900, -12, '')).toBe('900 MHz: -12');
  });
});

describe('trace chart config from the StepPlot', () => {
  const scenarios = limitScenarios();

  it.each(scenarios.map((s) => [s.name, s] as const))(
    '%s: the failing unit’s trace crosses the drawn line onto its shaded side within the step’s range',
    (_, { failing }) => {
      const plot = {
        title: 'Step',
        ...failing,
        ...failing.step,
        lower: failing.step.lower ?? undefined,
        upper: failing.step.upper ?? undefined,
      };
      const [trace, line, ...rest] = traceChartData(plot).datasets;
      expect(rest).toHaveLength(0);
      const [from, to] = [line!.data[0]!, line!.data[1]!];
      const fill = (line as { fill?: string }).fill;
      const failsAbove = fill === 'end';
      const inRange = trace!.data.filter((p) => p.x >= from.x - 1e-6 && p.x <= to.x + 1e-6);
      const beyond = inRange.filter((p) => (failsAbove ? p.y > from.y : p.y < from.y));
      expect(from.y).toBe(to.y);
      expect(beyond.length).toBeGreaterThan(0);
      const y = traceChartOptions(plot).scales?.['y'] as { min: number; max: number };
      expect(from.y).toBeGreaterThanOrEqual(y.min);
      expect(from.y).toBeLessThanOrEqual(y.max);
    },
  );

  it('draws an insertion-loss limit at −1.2 dB of |S21| over 500-700 MHz, shaded below, and frames the band', () => {
    const freqs_MHz = Array.from({ length: 901 }, (_, i) => 100 + i);
    const plot = {
      title: 'Insertion Loss Max',
      unit: 'dB',
      freqs_MHz,
      values: freqs_MHz.map(() => -1.54),
      upper: 1.2,
      plot: { actionId: 102, startFreq_MHz: 500, stopFreq_MHz: 700 },
    };
    const line = traceChartData(plot).datasets[1]!;
    expect(line).toMatchObject({
      label: 'Insertion loss ≤ 1.2 dB',
      data: [
        { x: 500, y: -1.2 },
        { x: 700, y: -1.2 },
      ],
      fill: 'start',
      borderColor: FAIL_COLOR,
    });
    const options = traceChartOptions(plot);
    expect(options.scales?.['x']).toMatchObject({ min: 480, max: 720 });
    expect(options.scales?.['y']).toMatchObject({ title: { text: '|S21| (dB)' } });
    expect(traceChartOptions(plot, { min: 100, max: 1000 }).scales?.['y']).not.toHaveProperty('min');
    expect(initialRange(plot)).toEqual({ min: 480, max: 720 });
    expect(drawnValues(plot)).toHaveLength(901);
  });

  it('draws a band in the trace’s own format: an SWR band from |S11| dB edges is in SWR', () => {
    const freqs_MHz = [880, 920, 960];
    const plot = {
      title: 'SWR',
      unit: '',
      freqs_MHz,
      values: [-20, -20, -20],
      upper: 1.5,
      plot: { actionId: ActionId.Swr, startFreq_MHz: 880, stopFreq_MHz: 960 },
      band: {
        label: 'p5-p95 of 40 traces',
        low: [-30, -30, -30],
        high: [-14, -14, -14],
        median: [-22, -22, -22],
      },
    };
    const data = traceChartData(plot).datasets;
    const line = (label: string) => data.find((d) => d.label === label)!.data.map((p) => p.y);
    const swr = (dB: number) => swrFromLogMag(dB);
    expect(line('Band p5-p95 of 40 traces')).toEqual(freqs_MHz.map(() => swr(-14)));
    expect(line('Band low edge')).toEqual(freqs_MHz.map(() => swr(-30)));
    expect(line('Median')).toEqual(freqs_MHz.map(() => swr(-22)));
    // the band sits where the unit's trace and the 1.5 line are: around 1.2, not at -20
    expect(line('Band p5-p95 of 40 traces')[0]).toBeCloseTo(1.5, 1);
  });

  it('widens the first view to the band of sibling units, so a failing unit below them shows both', () => {
    const freqs_MHz = Array.from({ length: 901 }, (_, i) => 100 + i);
    const inBand = (f: number) => f >= 480 && f <= 720;
    const plot = {
      title: 'Insertion Loss Max',
      unit: 'dB',
      freqs_MHz,
      // the unit: −1.14 to −1.38 dB; its siblings: −0.5 to −0.9 dB; outside the view: −40 dB
      values: freqs_MHz.map((f) => (inBand(f) ? -1.26 + 0.12 * Math.sin(f / 20) : -40)),
      upper: 1.2,
      plot: { actionId: ActionId.InsertionLossMax, startFreq_MHz: 500, stopFreq_MHz: 700 },
      band: {
        label: 'p5-p95 of 260 traces',
        low: freqs_MHz.map((f) => (inBand(f) ? -0.9 : -45)),
        high: freqs_MHz.map((f) => (inBand(f) ? -0.5 : -35)),
        median: freqs_MHz.map((f) => (inBand(f) ? -0.7 : -40)),
      },
    };
    const y = traceChartOptions(plot).scales?.['y'] as { min: number; max: number };
    const alone = traceChartOptions({ ...plot, band: undefined }).scales?.['y'] as typeof y;
    // the band's top edge comes into view, with room above it; the bottom stays the unit's own
    expect(alone.max).toBeLessThan(-0.9);
    expect(y.max).toBeGreaterThan(-0.5);
    expect(y.max).toBeLessThan(-0.4);
    expect(y.min).toBe(alone.min);
    // the band outside the view (−45 dB at 100 MHz) does not stretch it
    expect(y.min).toBeGreaterThan(-2);
    // a zoom lets chart.js scale to what is shown, as without a band
    expect(traceChartOptions(plot, { min: 100, max: 1000 }).scales?.['y']).not.toHaveProperty('min');
  });

  it('draws a Phase step’s limit as a short bar at its frequency', () => {
    const freqs_MHz = [500, 600, 700];
    const plot = {
      title: 'Phase',
      unit: 'deg',
      freqs_MHz,
      values: [10, 20, 30],
      upper: 25,
      plot: { actionId: 124, startFreq_MHz: 600, stopFreq_MHz: 600 },
    };
    const [from, to] = traceChartData(plot).datasets[1]!.data;
    expect(to!.x - from!.x).toBeGreaterThan(0);
    expect((from!.x + to!.x) / 2).toBeCloseTo(600);
  });
});
