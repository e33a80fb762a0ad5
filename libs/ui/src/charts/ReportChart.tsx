import {
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type Plugin,
} from 'chart.js';
import { useMemo } from 'react';
import { Bar, Line } from 'react-chartjs-2';
import { ChartBox, type ChartCanvasProps } from './ChartBox';
import { registerChartParts } from './chart-parts';
import {
  reportChartData,
  reportChartOptions,
  type ReportChartKind,
  type ReportPoint,
} from './report-chart-config';

/**
 * Marks the canvas with the label it last drew, so a browser test or the bench can wait for the
 * chart of a new answer to be on screen (not only fetched).
 */
const markDrawn: Plugin = {
  id: 'sweeplineMarkDrawn',
  afterRender(chart) {
    chart.canvas.dataset['drawnLabel'] = String(chart.data.datasets[0]?.label ?? '');
  },
};

const PLUGINS = [markDrawn];

export interface ReportChartProps {
  kind: ReportChartKind;
  /** The dataset's label, also the canvas' accessible name. */
  label: string;
  points: readonly ReportPoint[];
  height?: number;
}

/** A daily report drawn with chart.js: a bar chart of counts or a line chart of percentages. */
export function ReportChart({ kind, label, points, height = 420 }: ReportChartProps) {
  registerChartParts(
    BarController,
    BarElement,
    LineController,
    LineElement,
    PointElement,
    CategoryScale,
    LinearScale,
    Tooltip,
    Legend,
  );
  // the same objects while the answer is the same: react-chartjs-2 then leaves the chart alone
  // when the pickers re-render the screen
  const options = useMemo(() => reportChartOptions(kind), [kind]);
  const data = useMemo(() => reportChartData(kind, label, points), [kind, label, points]);
  const canvas: ChartCanvasProps = { role: 'img', 'aria-label': label };
  const common = { plugins: PLUGINS, ...canvas };
  return (
    <ChartBox height={height} canvas={canvas}>
      {kind === 'count' ? (
        <Bar {...common} options={options as never} data={data as ChartData<'bar', number[], string>} />
      ) : (
        <Line {...common} options={options as never} data={data as ChartData<'line', number[], string>} />
      )}
    </ChartBox>
  );
}
