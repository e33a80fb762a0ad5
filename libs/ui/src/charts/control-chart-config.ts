import type { ChartData, ChartOptions, Plugin, Scale } from 'chart.js';
import { FAIL_COLOR, PASS_COLOR } from '@sweepline/domain';

import { decimatedLine, type XY } from './decimate';

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
  /**
   * Vertical markers: where the test-plan version changed (between point `index` and the one
   * before it), or, with `onPoint`, at a point itself (an SPC alarm's violation).
   */
  markers?: readonly { index: number; label: string; onPoint?: true }[];
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
 * The chart's datasets: the values' line (thinned beyond DECIMATE_ABOVE points, decimatedLine),
 * the rule violations as points of their own (every one, whatever the decimation), the levels and
 * the stepped spec limits.
 */
export function controlChartData(plot: ControlPlot): ChartData<'line', { x: number; y: number | null }[]> {
  const last = Math.max(0, plot.values.length - 1);
  const line: XY[] = decimatedLine(plot.values);
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

/** Draws the markers as labelled vertical lines: a version's between two points, an alarm's on its point. */
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
        const x = scales['x']!.getPixelForValue(marker.onPoint ? marker.index : marker.index - 0.5);
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

/**
 * Room beyond the first and last points, in pixels: the newest point is the one an alarm is about,
 * and at the plot's edge its red dot was cut in half and its marker's label drawn off the canvas.
 */
const EDGE_ROOM_PX = 36;

/**
 * Widens the x axis by EDGE_ROOM_PX at each end, in index units, however many points it holds.
 * The ticks stay on the points (the scale's `bounds: 'data'`: with 'ticks' Chart.js would set
 * the axis back to its first and last tick).
 */
function edgeRoom(scale: Scale): void {
  const span = scale.max - scale.min;
  // the axis's width so far (the y axis not yet taken off): close enough for a margin
  const width = Math.max(4 * EDGE_ROOM_PX, scale.width || scale.chart.width);
  const room = (span * EDGE_ROOM_PX) / (width - 2 * EDGE_ROOM_PX);
  scale.min -= room;
  scale.max += room;
}

/**
 * The x axis's ticks on points: Chart.js spaces them over the axis with its room, between points,
 * where a point's date cannot be named; each goes to its nearest point. Two
 * that come closer than half Chart.js's spacing (the ends, once rounded) would print their dates
 * over each other: the later one stays, so the newest point keeps its date.
 */
function ticksOnPoints(scale: Scale, last: number): void {
  const spacing = scale.ticks.length > 1 ? scale.ticks[1]!.value - scale.ticks[0]!.value : 0;
  const kept: number[] = [];
  for (const tick of scale.ticks) {
    // a tick in the room goes to the end's point (+0, not Math.round's -0)
    const index = Math.min(last, Math.max(0, Math.round(tick.value)));
    if (kept.length > 0 && index - kept[kept.length - 1]! < spacing / 2) kept.pop();
    kept.push(index);
  }
  scale.ticks = kept.map((value) => ({ value }));
}

export function controlChartOptions(plot: ControlPlot): ChartOptions<'line'> {
  const last = Math.max(1, plot.values.length - 1);
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
        max: last,
        bounds: 'data',
        afterDataLimits: edgeRoom,
        afterBuildTicks: (scale) => ticksOnPoints(scale, last),
        ticks: { callback: (v) => (Number.isInteger(v) ? plot.tickLabel(Number(v)) : ''), maxTicksLimit: 8 },
      },
      y: { type: 'linear', title: { display: plot.unit !== '', text: plot.unit } },
    },
    plugins: { legend: { position: 'bottom' }, tooltip: { enabled: false } },
  };
}
