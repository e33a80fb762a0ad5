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
): ChartData<'bar' | 'line', number[], string> {
  return {
    labels: bars.map((b) => shortLabel(b.label)),
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

/** Long step titles are cut on the axis; the table under the chart has them whole. */
export const shortLabel = (label: string) => (label.length > 28 ? `${label.slice(0, 27)}…` : label);

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
      x: { ticks: { autoSkip: false } },
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
