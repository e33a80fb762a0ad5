import { FAIL_COLOR, PASS_COLOR } from '@sweepline/domain';
import { limitScenarios } from '@sweepline/domain/src/testing/limit-scenarios';
import { drawnValues, initialRange, traceChartData, traceChartOptions } from './trace-chart-config';
import { dragRange, nearestIndex, readout, zoomBy } from './trace-zoom';

const PLOT = {
  title: 'Insertion Loss Max',
  unit: 'dB',
  freqs_MHz: [800, 850, 900, 950, 1000],
  values: [0.5, 0.82, 0.6, 0.7, 0.55],
};

describe('trace chart config', () => {
  it('draws the trace and its numeric limits as dashed red lines across the trace', () => {
    const data = traceChartData({ ...PLOT, lower: -3, upper: 1.5 });
    expect(data.datasets.map((d) => d.label)).toEqual(['Insertion Loss Max', 'Lower -3', 'Upper 1.5']);
    expect(data.datasets[0]!.data[1]).toEqual({ x: 850, y: 0.82 });
    expect(data.datasets[0]!.borderColor).toBe(PASS_COLOR);
    expect(data.datasets[2]).toMatchObject({
      data: [
        { x: 800, y: 1.5 },
        { x: 1000, y: 1.5 },
      ],
      borderColor: FAIL_COLOR,
      borderDash: [6, 4],
    });
    expect(traceChartData(PLOT).datasets).toHaveLength(1);
  });

  it('labels the axes with MHz and the unit, and applies the zoom', () => {
    const options = traceChartOptions(PLOT, { min: 850, max: 900 });
    expect(options.animation).toBe(false);
    expect(options.scales?.['x']).toMatchObject({ min: 850, max: 900, title: { text: 'Frequency (MHz)' } });
    expect(options.scales?.['y']).toMatchObject({ title: { display: true, text: 'dB' } });
    expect(traceChartOptions({ ...PLOT, lower: -3, upper: 1.5 }).scales?.['y']).toMatchObject({
      suggestedMin: -3,
      suggestedMax: 1.5,
    });
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
