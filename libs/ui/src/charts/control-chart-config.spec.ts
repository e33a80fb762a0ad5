import type { Chart, Scale } from 'chart.js';
import { controlChartOptions, markerPlugin, type ControlPlot } from './control-chart-config';

const plot = (points: number): ControlPlot => ({
  title: 'Gain',
  unit: 'dB',
  values: Array.from({ length: points }, (_, i) => i),
  flagged: [],
  levels: [],
  tickLabel: String,
});

/** The x axis as Chart.js leaves it after its data limits: from the options' min and max, then the hook. */
function xAxis(points: number, width: number): { min: number; max: number } {
  const x = controlChartOptions(plot(points)).scales!['x']! as {
    min: number;
    max: number;
    bounds: string;
    afterDataLimits: (scale: Scale) => void;
  };
  expect(x.bounds).toBe('data');
  const scale = { min: x.min, max: x.max, width, chart: { width } } as unknown as Scale;
  x.afterDataLimits(scale);
  return { min: scale.min, max: scale.max };
}

describe('controlChartOptions: room at the x axis ends', () => {
  it.each([21, 60_000])(
    'leaves 36 px beyond the first and the last of %i points, so the newest point and its marker show whole',
    (points) => {
      const width = 1000;
      const { min, max } = xAxis(points, width);
      const pixelOf = (index: number) => ((index - min) / (max - min)) * width;
      expect(pixelOf(0)).toBeCloseTo(36, 6);
      expect(width - pixelOf(points - 1)).toBeCloseTo(36, 6);
    },
  );

  it('puts the ticks on points, none in the room nor two dates over each other (the newest kept)', () => {
    const x = controlChartOptions(plot(21)).scales!['x']! as { afterBuildTicks: (scale: Scale) => void };
    const scale = {
      ticks: [-0.4, 4.2, 8.9, 13.6, 18.3, 20.4].map((value) => ({ value })),
    } as unknown as Scale;
    x.afterBuildTicks(scale);
    expect(scale.ticks.map((tick) => tick.value)).toEqual([0, 4, 9, 14, 20]);
  });

  it('keeps room on a narrow chart, before it is laid out', () => {
    const { min, max } = xAxis(2, 0);
    expect(min).toBeLessThan(0);
    expect(max).toBeGreaterThan(1);
  });
});

describe('markerPlugin', () => {
  /** The x pixel of each line the plugin strokes, on an axis of 10 px per point index. */
  function linesDrawnAt(markers: ControlPlot['markers']): number[] {
    const xs: number[] = [];
    const ctx = {
      save() {},
      restore() {},
      setLineDash() {},
      beginPath() {},
      stroke() {},
      fillText() {},
      lineTo() {},
      moveTo: (x: number) => xs.push(x),
    };
    const chart = {
      ctx,
      chartArea: { top: 0, bottom: 100 },
      scales: { x: { getPixelForValue: (index: number) => index * 10 } },
    } as unknown as Chart<'line'>;
    (markerPlugin(markers).afterDatasetsDraw as (chart: Chart<'line'>) => void)(chart);
    return xs;
  }

  it('draws a version change between its point and the one before, and an alarm on its point', () => {
    expect(
      linesDrawnAt([
        { index: 4, label: 'v2' },
        { index: 7, label: 'alarm', onPoint: true },
      ]),
    ).toEqual([35, 70]);
  });
});
