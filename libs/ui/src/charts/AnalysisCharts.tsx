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
import { VisuallyHidden } from '@mantine/core';
import { useId, useMemo } from 'react';
import { Chart, Line } from 'react-chartjs-2';
import { ChartBox, type ChartCanvasProps } from './ChartBox';
import { registerChartParts } from './chart-parts';
import { histogramChartData, histogramChartOptions, type HistogramPlot } from './capability-chart-config';
import {
  controlChartData,
  controlChartOptions,
  markerPlugin,
  type ControlPlot,
} from './control-chart-config';
import {
  paretoChartData,
  paretoChartOptions,
  uprightLabelsHeight,
  type ParetoChartBar,
} from './pareto-chart-config';

/**
 * The measurement analytics' charts (docs/web.md, "Measurements"). Each canvas is an image whose
 * accessible name says what it plots; the numbers are in a table or the CSV beside it.
 */

/** Marks the canvas once drawn, for browser tests and the bench. */
const markDrawn: Plugin = {
  id: 'sweeplineAnalysisDrawn',
  afterRender(chart) {
    chart.canvas.dataset['drawn'] = 'true';
  },
};

/**
 * Records where the Pareto's bars are drawn (their centres in CSS pixels, the bars' base) on the
 * canvas, so a browser test can click a bar as a person does.
 */
const markBars: Plugin = {
  id: 'sweeplineParetoBars',
  afterRender(chart) {
    const bars = chart.getDatasetMeta(0).data;
    chart.canvas.dataset['barCentres'] = bars.map((bar) => Math.round(bar.x)).join(',');
    chart.canvas.dataset['barBase'] = String(Math.round(chart.chartArea.bottom - 2));
  },
};

function useParts() {
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
}

export function ParetoChart(props: {
  label: string;
  bars: readonly ParetoChartBar[];
  onBar: (index: number) => void;
  height?: number;
}) {
  useParts();
  const { bars, onBar } = props;
  const data = useMemo(() => paretoChartData(bars), [bars]);
  const options = useMemo(() => paretoChartOptions(bars, onBar), [bars, onBar]);
  const barsId = useId();
  const canvas: ChartCanvasProps = { role: 'img', 'aria-label': props.label, 'aria-describedby': barsId };
  return (
    <>
      <ChartBox height={(props.height ?? 300) + uprightLabelsHeight(bars)} canvas={canvas}>
        <Chart
          type="bar"
          data={data as ChartData<'bar'>}
          options={options as never}
          plugins={[markDrawn, markBars]}
          {...canvas}
        />
      </ChartBox>
      {/* the bars' whole titles for a screen reader, which cannot read the drawn axis */}
      <VisuallyHidden component="ol" id={barsId}>
        {bars.map((bar, index) => (
          <li
            key={index}
          >{`${bar.label}: ${bar.count}, cumulative ${bar.cumulativePercent.toFixed(2)} %`}</li>
        ))}
      </VisuallyHidden>
    </>
  );
}

export function HistogramChart(props: { label: string; plot: HistogramPlot; height?: number }) {
  useParts();
  const { plot } = props;
  const data = useMemo(() => histogramChartData(plot), [plot]);
  const options = useMemo(() => histogramChartOptions(plot), [plot]);
  const canvas: ChartCanvasProps = { role: 'img', 'aria-label': props.label };
  return (
    <ChartBox height={props.height ?? 320} canvas={canvas}>
      <Chart type="bar" data={data as never} options={options as never} plugins={[markDrawn]} {...canvas} />
    </ChartBox>
  );
}

export function ControlChart(props: { label: string; plot: ControlPlot; height?: number }) {
  useParts();
  const { plot } = props;
  const data = useMemo(() => controlChartData(plot), [plot]);
  const options = useMemo(() => controlChartOptions(plot), [plot]);
  const plugins = useMemo(() => [markerPlugin(plot.markers)], [plot]);
  const canvas: ChartCanvasProps = { role: 'img', 'aria-label': props.label };
  return (
    <ChartBox height={props.height ?? 300} canvas={canvas}>
      <Line data={data as never} options={options} plugins={plugins} {...canvas} />
    </ChartBox>
  );
}
