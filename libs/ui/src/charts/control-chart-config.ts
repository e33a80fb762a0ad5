import type { ChartData, ChartOptions, Plugin } from 'chart.js';
import { FAIL_COLOR, PASS_COLOR } from '@sweepline/domain';

import { minMaxDecimate, type XY } from './decimate';

/** Lines across the chart at a constant level (centre, control limits). */
export interface LevelLine {
  label: string;
  value: number;
  color: string;
  dashed?: boolean;
}

/** A line that holds a value from point `from` on, until the next change (a spec limit). */
export interface SteppedLine {
  label: string;
  /** `from` ascending, the first 0; null: no line there (an unchecked side). */
  changes: readonly { from: number; value: number | null }[];
}

export interface ControlPlot {
  title: string;
  unit: string;
  /** The values in time order; null: none (the first moving range). */
  values: readonly (number | null)[];
  /** The points that break a rule, ascending: always drawn, red and larger. */
  flagged: readonly number[];
  levels: readonly LevelLine[];
  /** Lines drawn stepped: the spec limits, which may change between runs. */
  stepped?: readonly SteppedLine[];
  /** The x-axis label of an index (a date). */
  tickLabel: (index: number) => string;
  /** Vertical markers: where the test-plan version changed. */
  markers?: readonly { index: number; label: string }[];
}

export const CONTROL_COLORS = { centre: '#2f9e44', limit: FAIL_COLOR, spec: '#862e9c' } as const;

/** Beyond this many points the line's own points are not drawn, only the line (and violations). */
const DOTS_UP_TO = 400;

/** A stepped line's points: each value at its first and its last point, a gap where it is null. */
function steppedPoints(line: SteppedLine, last: number): { x: number; y: number | null }[] {
  return line.changes.flatMap((change, k) => {
    const end = k + 1 < line.changes.length ? line.changes[k + 1]!.from - 1 : last;
    return end > change.from
      ? [
          { x: change.from, y: change.value },
          { x: end, y: change.value },
        ]
      : [{ x: change.from, y: change.value }];
  });
}

/**
 * The chart's datasets: the values' line (decimated beyond DECIMATE_ABOVE points, minMaxDecimate),
 * the rule violations as points of their own (every one, whatever the decimation), the levels and
 * the stepped spec limits.
 */
export function controlChartData(plot: ControlPlot): ChartData<'line', { x: number; y: number | null }[]> {
  const last = Math.max(0, plot.values.length - 1);
  const line: XY[] = minMaxDecimate(plot.values);
  const datasets: ChartData<'line', { x: number; y: number | null }[]>['datasets'] = [
    {
      label: plot.title,
      data: line,
      borderColor: PASS_COLOR,
      backgroundColor: PASS_COLOR,
      borderWidth: 1,
      pointRadius: plot.values.length > DOTS_UP_TO ? 0 : 2,
      order: 0,
    },
    ...(plot.flagged.length > 0
      ? [
          {
            label: 'Rule violations',
            data: plot.flagged.map((x) => ({ x, y: plot.values[x] ?? null })),
            showLine: false,
            borderColor: FAIL_COLOR,
            backgroundColor: FAIL_COLOR,
            pointRadius: 4,
            order: -1,
          },
        ]
      : []),
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
    ...(plot.stepped ?? []).map((stepped) => ({
      label: stepped.label,
      data: steppedPoints(stepped, last),
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
        max: Math.max(1, plot.values.length - 1),
        ticks: { callback: (v) => (Number.isInteger(v) ? plot.tickLabel(Number(v)) : ''), maxTicksLimit: 8 },
      },
      y: { type: 'linear', title: { display: plot.unit !== '', text: plot.unit } },
    },
    plugins: { legend: { position: 'bottom' }, tooltip: { enabled: false } },
  };
}
