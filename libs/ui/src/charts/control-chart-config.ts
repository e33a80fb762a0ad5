import type { ChartData, ChartOptions, Plugin } from 'chart.js';
import { FAIL_COLOR, PASS_COLOR } from '@sweepline/domain';

/** A point of an individuals or moving-range chart, by its index in time order. */
export interface ControlPlotPoint {
  value: number | null;
  /** Marked: the point breaks a rule (drawn red and larger). */
  flagged: boolean;
}

/** Lines across the chart at a constant level (centre, control limits). */
export interface LevelLine {
  label: string;
  value: number;
  color: string;
  dashed?: boolean;
}

export interface ControlPlot {
  title: string;
  unit: string;
  points: readonly ControlPlotPoint[];
  levels: readonly LevelLine[];
  /** Per-point lines, drawn stepped: the spec limits, which may change between runs. */
  stepped?: readonly { label: string; values: readonly (number | null)[] }[];
  /** The x-axis label of an index (a date). */
  tickLabel: (index: number) => string;
  /** Vertical markers: where the test-plan version changed. */
  markers?: readonly { index: number; label: string }[];
}

export const CONTROL_COLORS = { centre: '#2f9e44', limit: FAIL_COLOR, spec: '#862e9c' } as const;

export function controlChartData(plot: ControlPlot): ChartData<'line', { x: number; y: number | null }[]> {
  const last = Math.max(0, plot.points.length - 1);
  const datasets: ChartData<'line', { x: number; y: number | null }[]>['datasets'] = [
    {
      label: plot.title,
      data: plot.points.map((p, i) => ({ x: i, y: p.value })),
      borderColor: PASS_COLOR,
      borderWidth: 1,
      pointRadius: plot.points.map((p) => (p.flagged ? 4 : plot.points.length > 400 ? 0 : 2)),
      pointBackgroundColor: plot.points.map((p) => (p.flagged ? FAIL_COLOR : PASS_COLOR)),
      pointBorderColor: plot.points.map((p) => (p.flagged ? FAIL_COLOR : PASS_COLOR)),
      order: 0,
    },
    ...plot.levels.map((level) => ({
      label: level.label,
      data: [
        { x: 0, y: level.value },
        { x: last, y: level.value },
      ],
      borderColor: level.color,
      borderWidth: 1.5,
      borderDash: level.dashed ? [6, 4] : [],
      pointRadius: 0,
      order: 1,
    })),
    ...(plot.stepped ?? []).map((line) => ({
      label: line.label,
      data: line.values.map((y, i) => ({ x: i, y })),
      borderColor: CONTROL_COLORS.spec,
      borderWidth: 1.5,
      borderDash: [6, 4],
      pointRadius: 0,
      stepped: true as const,
      spanGaps: false,
      order: 1,
    })),
  ];
  return { datasets };
}

/** Draws the version markers as labelled vertical lines. */
export function markerPlugin(markers: ControlPlot['markers']): Plugin<'line'> {
  return {
    id: 'sweeplineVersionMarkers',
    afterDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      ctx.save();
      ctx.strokeStyle = '#868e96';
      ctx.fillStyle = '#495057';
      ctx.setLineDash([3, 3]);
      ctx.font = '11px sans-serif';
      for (const marker of markers ?? []) {
        const x = scales['x']!.getPixelForValue(marker.index - 0.5);
        ctx.beginPath();
        ctx.moveTo(x, chartArea.top);
        ctx.lineTo(x, chartArea.bottom);
        ctx.stroke();
        ctx.fillText(marker.label, x + 3, chartArea.top + 11);
      }
      ctx.restore();
    },
    afterRender(chart) {
      chart.canvas.dataset['drawn'] = 'true';
    },
  };
}

export function controlChartOptions(plot: ControlPlot): ChartOptions<'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false,
    normalized: true,
    scales: {
      x: {
        type: 'linear',
        min: 0,
        max: Math.max(1, plot.points.length - 1),
        ticks: { callback: (v) => (Number.isInteger(v) ? plot.tickLabel(Number(v)) : ''), maxTicksLimit: 8 },
      },
      y: { type: 'linear', title: { display: plot.unit !== '', text: plot.unit } },
    },
    plugins: { legend: { position: 'bottom' }, tooltip: { enabled: false } },
  };
}
