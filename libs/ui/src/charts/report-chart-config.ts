import type { ChartData, ChartOptions } from 'chart.js';

/** A daily report's chart: counts as bars, percentages as a line (docs/requirements/reports.md). */
export type ReportChartKind = 'count' | 'percent';

export interface ReportPoint {
  /** 'YYYY-MM-DD', the x label. */
  date: string;
  value: number;
}

/** docs/requirements/reports.md: bars of a daily count are at most 50 px wide. */
export const MAX_BAR_THICKNESS = 50;

/** One dataset named `label`, one x label per day. */
export function reportChartData(
  kind: ReportChartKind,
  label: string,
  points: readonly ReportPoint[],
): ChartData<'bar' | 'line', number[], string> {
  return {
    labels: points.map((p) => p.date),
    datasets: [
      {
        label,
        data: points.map((p) => p.value),
        backgroundColor: kind === 'count' ? '#4dabf7' : '#1c7ed6',
        borderColor: '#1c7ed6',
        ...(kind === 'count' ? { maxBarThickness: MAX_BAR_THICKNESS } : { tension: 0, pointRadius: 3 }),
      },
    ],
  };
}

/** The percent axis' tick text: 0 to 100 with a percent suffix. */
export const percentTick = (value: string | number): string => `${value}%`;

/**
 * docs/requirements/reports.md: counts start at 0 with a suggested maximum of 10 (so a day of 2 units is not
 * a full-height bar); percentages run 0-100 with a % suffix. No animation: the chart is drawn at
 * once, so a screenshot or a timer never catches it half-way.
 */
export function reportChartOptions(kind: ReportChartKind): ChartOptions<'bar' | 'line'> {
  const y =
    kind === 'count'
      ? { min: 0, suggestedMax: 10, ticks: { precision: 0 } }
      : { min: 0, max: 100, ticks: { callback: percentTick } };
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: { y },
    plugins: { legend: { display: true, position: 'top' } },
  };
}
