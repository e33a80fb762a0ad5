import type { ChartData, ChartOptions } from 'chart.js';
import { FAIL_COLOR } from '@sweepline/domain';

/** One bar of a failure Pareto: its label, count and the cumulative percent up to it. */
export interface ParetoChartBar {
  label: string;
  count: number;
  cumulativePercent: number;
}

const CUMULATIVE_COLOR = '#495057';

/** Bars of the counts (left axis) with the cumulative percent as a line (right axis, 0-100 %). */
export function paretoChartData(
  bars: readonly ParetoChartBar[],
): ChartData<'bar' | 'line', number[], string[]> {
  return {
    labels: paretoLabels(bars),
    datasets: [
      {
        type: 'bar',
        label: 'Failed runs',
        data: bars.map((b) => b.count),
        backgroundColor: FAIL_COLOR,
        maxBarThickness: 60,
        yAxisID: 'y',
        order: 1,
      },
      {
        type: 'line',
        label: 'Cumulative %',
        data: bars.map((b) => b.cumulativePercent),
        borderColor: CUMULATIVE_COLOR,
        backgroundColor: CUMULATIVE_COLOR,
        pointRadius: 3,
        yAxisID: 'percent',
        order: 0,
      },
    ],
  };
}

/** The longest line of a bar's label on the axis, in characters. */
const LABEL_LINE = 18;

/** Up to this many bars, each label stands level under its bar, wrapped. */
const LEVEL_BARS = 8;

/** The height a label's character takes on an upright axis, in pixels (12 px sans-serif, with room). */
const CHAR_PX = 7.5;

/** Whether the bars are too many for level wrapped labels: then each stands upright, on one line. */
export const uprightLabels = (bars: readonly ParetoChartBar[]) => bars.length > LEVEL_BARS;

/**
 * The bars' labels, whole (issue 38): wrapped between words under a few bars; upright on one
 * line under many, where wrapped lines would run into the next bar's.
 */
export function paretoLabels(bars: readonly ParetoChartBar[]): string[][] {
  return bars.map((b) => (uprightLabels(bars) ? [b.label] : wrapLabel(b.label)));
}

/** The room the upright labels take below the bars, in pixels; 0 for level ones. */
export function uprightLabelsHeight(bars: readonly ParetoChartBar[]): number {
  return uprightLabels(bars) ? Math.ceil(Math.max(0, ...bars.map((b) => b.label.length)) * CHAR_PX) : 0;
}

/**
 * A bar's label whole, in lines of at most LABEL_LINE characters broken between words (a word
 * longer than a line is broken inside): an engineer tells "PIM / PIM IM3L Reverse - 93 dBc" from
 * "… - 95 dBc" only by the end a cut label loses (issue 38). Chart.js draws an array as lines.
 */
export function wrapLabel(label: string, width = LABEL_LINE): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest !== '';) {
      const room = line === '' ? width : width - line.length - 1;
      if (rest.length <= room) {
        line = line === '' ? rest : `${line} ${rest}`;
        rest = '';
      } else if (line !== '') {
        lines.push(line);
        line = '';
      } else {
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

export function paretoChartOptions(
  bars: readonly ParetoChartBar[],
  onBar: (index: number) => void,
): ChartOptions<'bar' | 'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    onClick: (_event, elements) => {
      const bar = elements.find((e) => e.datasetIndex === 0) ?? elements[0];
      if (bar) onBar(bar.index);
    },
    onHover: (event, elements) => {
      const target = event.native?.target as HTMLElement | undefined;
      if (target) target.style.cursor = elements.length > 0 ? 'pointer' : 'default';
    },
    scales: {
      x: {
        ticks: uprightLabels(bars)
          ? { autoSkip: false, minRotation: 90, maxRotation: 90 }
          : { autoSkip: false, maxRotation: 0 },
      },
      y: { min: 0, ticks: { precision: 0 }, title: { display: true, text: 'Count' } },
      percent: {
        position: 'right',
        min: 0,
        max: 100,
        grid: { drawOnChartArea: false },
        ticks: { callback: (v) => `${v}%` },
      },
    },
    plugins: {
      // the legend lists datasets by drawing order: reversed, the bars come first
      legend: { position: 'top', reverse: true },
      tooltip: { callbacks: { title: (items) => bars[items[0]?.dataIndex ?? 0]?.label ?? '' } },
    },
  };
}
