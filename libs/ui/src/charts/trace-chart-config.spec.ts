import { FAIL_COLOR, PASS_COLOR } from '@sweepline/domain';
import {
  dragRange,
  nearestIndex,
  readout,
  traceChartData,
  traceChartOptions,
  zoomBy,
} from './trace-chart-config';

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
