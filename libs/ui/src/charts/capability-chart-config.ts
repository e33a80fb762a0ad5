import type { ChartData, ChartOptions } from 'chart.js';
import { FAIL_COLOR, PASS_COLOR, type HistogramBin } from '@sweepline/domain';

export interface HistogramPlot {
  bins: readonly HistogramBin[];
  unit: string;
  lower: number | null;
  upper: number | null;
  /** The normal fit: mean and σ overall; null draws no curve. */
  fit: { mean: number; sigma: number } | null;
}

export interface XY {
  x: number;
  y: number;
}

const CURVE_POINTS = 120;

/** The fitted normal density scaled to the histogram's counts (n × bin width × pdf). */
export function normalCurve(plot: HistogramPlot): XY[] {
  const { bins, fit } = plot;
  if (!fit || !(fit.sigma > 0) || bins.length === 0) return [];
  const n = bins.reduce((a, b) => a + b.count, 0);
  const width = bins[0]!.to - bins[0]!.from;
  const from = Math.min(bins[0]!.from, fit.mean - 4 * fit.sigma);
  const to = Math.max(bins[bins.length - 1]!.to, fit.mean + 4 * fit.sigma);
  return Array.from({ length: CURVE_POINTS + 1 }, (_, i) => {
    const x = from + ((to - from) * i) / CURVE_POINTS;
    const z = (x - fit.mean) / fit.sigma;
    return { x, y: (n * width * Math.exp(-0.5 * z * z)) / (fit.sigma * Math.sqrt(2 * Math.PI)) };
  });
}

const vertical = (label: string, x: number, top: number) => ({
  type: 'line' as const,
  label,
  data: [
    { x, y: 0 },
    { x, y: top },
  ],
  borderColor: FAIL_COLOR,
  borderDash: [6, 4],
  borderWidth: 2,
  pointRadius: 0,
});

/** Bars at the bins' middles, the fitted curve, and LSL/USL as dashed vertical lines. */
export function histogramChartData(plot: HistogramPlot): ChartData<'bar' | 'line', XY[]> {
  const bars = plot.bins.map((b) => ({ x: (b.from + b.to) / 2, y: b.count }));
  const curve = normalCurve(plot);
  const top = Math.max(1, ...bars.map((b) => b.y), ...curve.map((c) => c.y)) * 1.05;
  const datasets: ChartData<'bar' | 'line', XY[]>['datasets'] = [
    {
      type: 'bar',
      label: 'Values',
      data: bars,
      backgroundColor: 'rgba(28, 126, 214, 0.55)',
      barPercentage: 1,
      categoryPercentage: 1,
      order: 2,
    },
  ];
  if (curve.length > 0)
    datasets.push({
      type: 'line',
      label: 'Normal fit',
      data: curve,
      borderColor: PASS_COLOR,
      borderWidth: 2,
      pointRadius: 0,
      order: 1,
    });
  if (plot.lower !== null) datasets.push({ ...vertical(`LSL ${plot.lower}`, plot.lower, top), order: 0 });
  if (plot.upper !== null) datasets.push({ ...vertical(`USL ${plot.upper}`, plot.upper, top), order: 0 });
  return { datasets };
}

export function histogramChartOptions(plot: HistogramPlot): ChartOptions<'bar' | 'line'> {
  const bins = plot.bins;
  const edges = [bins[0]?.from, bins[bins.length - 1]?.to, plot.lower, plot.upper].filter(
    (x): x is number => typeof x === 'number',
  );
  const pad = (Math.max(...edges) - Math.min(...edges) || 1) * 0.05;
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false,
    scales: {
      x: {
        type: 'linear',
        min: Math.min(...edges) - pad,
        max: Math.max(...edges) + pad,
        title: { display: plot.unit !== '', text: plot.unit },
      },
      y: { min: 0, ticks: { precision: 0 }, title: { display: true, text: 'Count' } },
    },
    // the legend lists datasets by drawing order: reversed, the values come first
    plugins: { legend: { position: 'top', reverse: true } },
  };
}
