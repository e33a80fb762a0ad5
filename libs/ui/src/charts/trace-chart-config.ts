import type { ChartData, ChartOptions } from 'chart.js';
import { FAIL_COLOR, PASS_COLOR } from '@sweepline/domain';

/** A measured trace with the step's limits (numbers only: a text limit draws no line). */
export interface TracePlot {
  title: string;
  unit: string;
  freqs_MHz: readonly number[];
  values: readonly number[];
  lower?: number;
  upper?: number;
  /** The band of sibling units behind the trace (docs/measurements.md, "Trace band"). */
  band?: TraceBandLines;
}

/** A trace band on the trace's own frequencies: its median and its low and high edges. */
export interface TraceBandLines {
  /** Says what the edges are: 'p5-p95 of 480 traces', 'min-max of 480 traces'. */
  label: string;
  /** Absent when the plot's own trace is the median (no unit selected). */
  median?: readonly number[];
  low: readonly number[];
  high: readonly number[];
}

/** The unit's own trace over a band: a colour that stands out from the band's grey-blue. */
export const OWN_TRACE_COLOR = '#e8590c';
const BAND_FILL = 'rgba(28, 126, 214, 0.18)';
const MEDIAN_COLOR = '#495057';

/** The frequency range shown; undefined is the whole trace. */
export interface ZoomRange {
  min: number;
  max: number;
}

export interface TracePoint {
  x: number;
  y: number;
}

const LIMIT_COLOR = FAIL_COLOR;

function points(freqs: readonly number[], values: readonly number[]): TracePoint[] {
  const out = new Array<TracePoint>(freqs.length);
  for (let i = 0; i < freqs.length; i++) out[i] = { x: freqs[i]!, y: values[i]! };
  return out;
}

function limitLine(label: string, value: number, from: number, to: number) {
  return {
    label,
    data: [
      { x: from, y: value },
      { x: to, y: value },
    ],
    borderColor: LIMIT_COLOR,
    borderDash: [6, 4],
    borderWidth: 1.5,
    pointRadius: 0,
    order: 1,
  };
}

/**
 * The trace and its limit lines (dashed red, as the PDF draws them) as chart.js datasets. Points
 * are {x, y} in MHz, given pre-parsed so chart.js draws 20,001 points without copying them.
 */
export function traceChartData(plot: TracePlot): ChartData<'line', TracePoint[]> {
  const first = plot.freqs_MHz[0] ?? 0;
  const last = plot.freqs_MHz[plot.freqs_MHz.length - 1] ?? first;
  const datasets: ChartData<'line', TracePoint[]>['datasets'] = [
    {
      label: plot.title,
      data: points(plot.freqs_MHz, plot.values),
      borderColor: !plot.band ? PASS_COLOR : plot.band.median ? OWN_TRACE_COLOR : MEDIAN_COLOR,
      borderWidth: plot.band ? 2 : 1.5,
      pointRadius: 0,
      order: 0,
    },
  ];
  if (plot.lower !== undefined) datasets.push(limitLine(`Lower ${plot.lower}`, plot.lower, first, last));
  if (plot.upper !== undefined) datasets.push(limitLine(`Upper ${plot.upper}`, plot.upper, first, last));
  if (plot.band) datasets.push(...bandLines(plot.freqs_MHz, plot.band));
  return { datasets };
}

/**
 * The band behind everything (chart.js draws a higher `order` first): the high edge, the low edge
 * filled up to it, and the median dashed.
 */
function bandLines(freqs: readonly number[], band: TraceBandLines) {
  const edge = {
    borderWidth: 0,
    pointRadius: 0,
    borderColor: BAND_FILL,
    backgroundColor: BAND_FILL,
    order: 3,
  };
  const edges = [
    { ...edge, label: `Band ${band.label}`, data: points(freqs, band.high), fill: false },
    { ...edge, label: 'Band low edge', data: points(freqs, band.low), fill: '-1' as const },
  ];
  if (!band.median) return edges;
  const median = {
    label: 'Median',
    data: points(freqs, band.median),
    borderColor: MEDIAN_COLOR,
    borderDash: [2, 3],
    borderWidth: 1,
    pointRadius: 0,
    order: 2,
  };
  return [...edges, median];
}

/** Axes in MHz and the step's unit; no animation (a trace is read, not watched). */
export function traceChartOptions(plot: TracePlot, zoom?: ZoomRange): ChartOptions<'line'> {
  return {
    animation: false,
    parsing: false,
    normalized: true,
    responsive: true,
    maintainAspectRatio: false,
    events: ['mousemove', 'mouseout', 'mousedown', 'mouseup'],
    plugins: {
      // the band's low edge is the fill of the band's entry, not an entry of its own
      legend: { position: 'bottom', labels: { filter: (item) => item.text !== 'Band low edge' } },
      tooltip: { enabled: false },
    },
    scales: {
      x: {
        type: 'linear',
        min: zoom?.min,
        max: zoom?.max,
        title: { display: true, text: 'Frequency (MHz)' },
      },
      // the limits stay in view when a zoom narrows the values shown
      y: {
        type: 'linear',
        suggestedMin: plot.lower,
        suggestedMax: plot.upper,
        title: { display: plot.unit !== '', text: plot.unit },
      },
    },
  };
}

/** The index of the point nearest `freq` in ascending `freqs` (binary search); -1 when empty. */
export function nearestIndex(freqs: readonly number[], freq: number): number {
  if (freqs.length === 0) return -1;
  let lo = 0;
  let hi = freqs.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (freqs[mid]! <= freq) lo = mid;
    else hi = mid;
  }
  return Math.abs(freqs[hi]! - freq) < Math.abs(freqs[lo]! - freq) ? hi : lo;
}

/** The zoom range after zooming in (factor < 1) or out (> 1) about the range's middle, kept inside the trace. */
export function zoomBy(
  range: ZoomRange | undefined,
  whole: ZoomRange,
  factor: number,
): ZoomRange | undefined {
  const current = range ?? whole;
  const middle = (current.min + current.max) / 2;
  const half = ((current.max - current.min) * factor) / 2;
  if (half * 2 >= whole.max - whole.min) return undefined;
  let min = middle - half;
  let max = middle + half;
  if (min < whole.min) [min, max] = [whole.min, whole.min + half * 2];
  if (max > whole.max) [min, max] = [whole.max - half * 2, whole.max];
  return { min, max };
}

/** The range a drag from `a` to `b` selects; undefined for a click or a drag too small to mean a zoom. */
export function dragRange(a: number, b: number, whole: ZoomRange): ZoomRange | undefined {
  const min = Math.max(Math.min(a, b), whole.min);
  const max = Math.min(Math.max(a, b), whole.max);
  return max - min > (whole.max - whole.min) / 1000 ? { min, max } : undefined;
}

/** Six significant digits, as the PDF prints numbers. */
export function readout(freq: number, value: number, unit: string): string {
  const num = (n: number) => String(Number(n.toPrecision(6)));
  return `${num(freq)} MHz: ${num(value)}${unit ? ` ${unit}` : ''}`;
}
