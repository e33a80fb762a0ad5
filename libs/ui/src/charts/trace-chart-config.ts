import type { ChartData, ChartOptions } from 'chart.js';
import {
  formatMeasurement,
  limitRowOf,
  LIMITS_NOT_DRAWN,
  PASS_COLOR,
  plottedTrace,
  tracePlotOf,
  type PlotView,
  type StepPlot,
  type TraceLimitLine,
} from '@sweepline/domain';
import { limitLineDatasets } from './trace-limit-datasets';
import { thinnedPoints, worstFailingIndexes, type TracePoint } from './trace-thinning';
import type { ZoomRange } from './trace-zoom';

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
  /**
   * What the step's runner recorded to draw it, or the API derived from the test's step
   * (docs/measurements.md, "Limit lines"): the trace as the analyzer shows it, its limits where
   * they belong and the step's band in view. Without it no limit line is drawn, since a limit
   * drawn as given (an insertion loss of 1.2 dB at +1.2 dB on |S21|, across the sweep) would
   * contradict the verdict; the legend says the lines are left out.
   */
  plot?: StepPlot;
}

/** The trace as drawn from its StepPlot, with its limit lines and first view. */
interface Drawing {
  values: readonly number[];
  lines: TraceLimitLine[];
  view: PlotView;
  axisTitle: string;
}

const drawings = new WeakMap<TracePlot, Drawing | undefined>();

function drawingOf(plot: TracePlot): Drawing | undefined {
  if (!plot.plot) return undefined;
  if (drawings.has(plot)) return drawings.get(plot);
  const step = { plot: plot.plot, lower: plot.lower ?? null, upper: plot.upper ?? null, unit: plot.unit };
  const drawn = tracePlotOf(step, plot);
  const row = limitRowOf(plot.plot.actionId);
  const unit = row?.unit ?? plot.unit;
  const drawing = drawn && {
    values: drawn.trace.values,
    lines: drawn.lines,
    view: drawn.view,
    axisTitle: row ? `${row.plotted}${unit ? ` (${unit})` : ''}` : unit,
  };
  drawings.set(plot, drawing);
  return drawing;
}

/**
 * The limit lines in words, for the chart's accessible description (a screen reader, a browser
 * test): 'Insertion loss ≤ 1.2 dB: a line at -1.2 dB of |S21| from 500 to 700 MHz; below it fails.'
 */
export function limitLinesDescription(plot: TracePlot): string {
  const drawing = drawingOf(plot);
  if (!drawing || drawing.lines.length === 0)
    return plot.lower !== undefined || plot.upper !== undefined ? `${LIMITS_NOT_DRAWN}.` : 'No limit lines.';
  const row = limitRowOf(plot.plot!.actionId)!;
  const unit = row.unit ?? plot.unit;
  return drawing.lines
    .map((line) => {
      const at = `${formatMeasurement(line.yValue)}${unit ? ` ${unit}` : ''} of ${row.plotted}`;
      const where =
        line.fromMHz === line.toMHz ? `at ${line.fromMHz} MHz` : `from ${line.fromMHz} to ${line.toMHz} MHz`;
      return `${line.label}: a line at ${at} ${where}; ${line.failSide} it fails.`;
    })
    .join(' ');
}

/** The values as drawn: SWR, group delay in ns or wrapped phase when the StepPlot says so. */
export function drawnValues(plot: TracePlot): readonly number[] {
  return drawingOf(plot)?.values ?? plot.values;
}

/** The frequencies of the first view (the step's band and a margin); undefined: the whole trace. */
export function initialRange(plot: TracePlot): ZoomRange | undefined {
  const view = drawingOf(plot)?.view;
  return view && { min: view.xMin, max: view.xMax };
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

export type { TracePoint };

/** What a chart can show: its plot's width in pixels (0: not known, every point) and the frequencies in view. */
interface Viewport {
  width: number;
  range: ZoomRange | undefined;
}

/** The legend's word for numeric limits that are not drawn (the PDF prints the same note). */
export { LIMITS_NOT_DRAWN };

/** A legend entry alone (no points): the limit lines' dash, in grey. */
function limitsNotDrawn() {
  return {
    label: LIMITS_NOT_DRAWN,
    data: [],
    borderColor: MEDIAN_COLOR,
    borderDash: [6, 4],
    borderWidth: 1.5,
    pointRadius: 0,
    order: 1,
  };
}

/**
 * The trace and its limit lines (dashed red, as the PDF draws them) as chart.js datasets, for a
 * plot `width` pixels wide showing the zoom (else the first view). Points are {x, y} in MHz,
 * given pre-parsed; each line is thinned to what the width shows (thinnedPoints), so the main
 * thread lays out about two points per pixel column, not four lines of 1601 (or 20,001) points;
 * the worst point beyond each limit line is always kept.
 */
export function traceChartData(
  plot: TracePlot,
  width = 0,
  zoom?: ZoomRange,
): ChartData<'line', TracePoint[]> {
  const drawing = drawingOf(plot);
  const viewport = { width, range: zoom ?? initialRange(plot) };
  const values = drawing?.values ?? plot.values;
  const failing = drawing ? worstFailingIndexes(plot.freqs_MHz, values, drawing.lines) : [];
  const datasets: ChartData<'line', TracePoint[]>['datasets'] = [
    {
      label: plot.title,
      data: thinnedPoints(plot.freqs_MHz, values, viewport.width, viewport.range, failing),
      borderColor: !plot.band ? PASS_COLOR : plot.band.median ? OWN_TRACE_COLOR : MEDIAN_COLOR,
      borderWidth: plot.band ? 2 : 1.5,
      pointRadius: 0,
      order: 0,
    },
  ];
  // a relative step without its reference has a StepPlot and still no line
  if (drawing && drawing.lines.length > 0) datasets.push(...limitLineDatasets(drawing.lines, drawing.view));
  else if (plot.lower !== undefined || plot.upper !== undefined) datasets.push(limitsNotDrawn());
  if (plot.band) datasets.push(...bandLines(plot.freqs_MHz, drawnBand(plot, plot.band), viewport));
  return { datasets };
}

/**
 * The band in the format the trace is drawn in: a band comes as stored traces (|S11| dB, phase),
 * so each of its lines is converted as the unit's own trace is, or an SWR band would sit in dB on
 * an SWR axis. SWR keeps the percentiles exact (it grows with |S11|); a group delay from the
 * band's phase edges is the delay of those edges, an approximation the caption's "band" allows.
 */
function drawnBand(plot: TracePlot, band: TraceBandLines): TraceBandLines {
  const row = plot.plot && limitRowOf(plot.plot.actionId);
  if (!row || !drawingOf(plot)) return band;
  const draw = (values: readonly number[]) =>
    plottedTrace(row, plot.plot!, { freqs_MHz: plot.freqs_MHz, values }).values;
  return { ...band, low: draw(band.low), high: draw(band.high), median: band.median && draw(band.median) };
}

/**
 * The band behind everything (chart.js draws a higher `order` first): the high edge, the low edge
 * filled up to it, and the median dashed.
 */
function bandLines(freqs: readonly number[], band: TraceBandLines, viewport: Viewport) {
  const points = (values: readonly number[]) => thinnedPoints(freqs, values, viewport.width, viewport.range);
  const edge = {
    borderWidth: 0,
    pointRadius: 0,
    borderColor: BAND_FILL,
    backgroundColor: BAND_FILL,
    order: 3,
  };
  const edges = [
    { ...edge, label: `Band ${band.label}`, data: points(band.high), fill: false },
    { ...edge, label: 'Band low edge', data: points(band.low), fill: '-1' as const },
  ];
  if (!band.median) return edges;
  const median = {
    label: 'Median',
    data: points(band.median),
    borderColor: MEDIAN_COLOR,
    borderDash: [2, 3],
    borderWidth: 1,
    pointRadius: 0,
    order: 2,
  };
  return [...edges, median];
}

/** Room beyond a band edge that widens the first view, as a share of the widened spread. */
const BAND_MARGIN = 0.05;

/**
 * The first view's values, widened to the band of sibling units over the view's frequencies: the
 * domain frames the unit's trace and its lines, and a band elsewhere (a failing unit below its
 * siblings) would be clipped to a few blue blobs at the plot's edge.
 */
function firstView(plot: TracePlot, drawing: Drawing): { min: number; max: number } {
  const { xMin, xMax, yMin, yMax } = drawing.view;
  if (!plot.band) return { min: yMin, max: yMax };
  const band = drawnBand(plot, plot.band);
  let lo = yMin;
  let hi = yMax;
  plot.freqs_MHz.forEach((f, i) => {
    if (f < xMin || f > xMax) return;
    const low = band.low[i]!;
    const high = band.high[i]!;
    if (Number.isFinite(low)) lo = Math.min(lo, low);
    if (Number.isFinite(high)) hi = Math.max(hi, high);
  });
  const room = (hi - lo) * BAND_MARGIN;
  return { min: lo < yMin ? lo - room : yMin, max: hi > yMax ? hi + room : yMax };
}

/**
 * The y axis: the first view's when the StepPlot gives one and the frequencies are not zoomed
 * (with the band in it); else the values shown, with the limit lines kept in view.
 */
function yScale(plot: TracePlot, zoom: ZoomRange | undefined) {
  const drawing = drawingOf(plot);
  if (!drawing) return { title: plot.unit };
  const ys = drawing.lines.map((line) => line.yValue);
  const fixed = zoom ? {} : firstView(plot, drawing);
  return { suggestedMin: Math.min(...ys), suggestedMax: Math.max(...ys), ...fixed, title: drawing.axisTitle };
}

/** Axes in MHz and the plotted unit; no animation (a trace is read, not watched). */
export function traceChartOptions(plot: TracePlot, zoom?: ZoomRange): ChartOptions<'line'> {
  const { title, ...y } = yScale(plot, zoom);
  const x = zoom ?? initialRange(plot);
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
        min: x?.min,
        max: x?.max,
        title: { display: true, text: 'Frequency (MHz)' },
      },
      // the limits stay in view when a zoom narrows the values shown
      y: { type: 'linear', ...y, title: { display: title !== '', text: title } },
    },
  };
}
