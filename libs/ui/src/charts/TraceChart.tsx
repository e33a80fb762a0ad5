import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  type Chart as ChartInstance,
  type Plugin,
} from 'chart.js';
import { useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Line } from 'react-chartjs-2';
import { registerChartParts } from './chart-parts';
import {
  drawnValues,
  initialRange,
  limitLinesDescription,
  traceChartData,
  traceChartOptions,
  type TracePlot,
  type TracePoint,
} from './trace-chart-config';
import { dragRange, nearestIndex, readout, zoomBy, type ZoomRange } from './trace-zoom';
import type { ChartCanvasProps } from './ChartBox';
import { useNearViewport } from './useNearViewport';
import { usePlotWidth } from './usePlotWidth';

type LineChart = ChartInstance<'line', TracePoint[]>;

/** Draws the cursor's vertical line and marks the canvas once drawn (for browser tests and the bench). */
function overlay(
  cursorX: { current: number | undefined },
  dragFrom: { current: number | undefined },
): Plugin<'line'> {
  return {
    id: 'sweeplineTraceOverlay',
    afterDraw(chart) {
      const { ctx, chartArea } = chart;
      const x = cursorX.current;
      ctx.save();
      if (dragFrom.current !== undefined && x !== undefined) {
        ctx.fillStyle = 'rgba(28, 126, 214, 0.12)';
        ctx.fillRect(
          Math.min(dragFrom.current, x),
          chartArea.top,
          Math.abs(x - dragFrom.current),
          chartArea.height,
        );
      }
      if (x !== undefined && x >= chartArea.left && x <= chartArea.right) {
        ctx.strokeStyle = '#495057';
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(x, chartArea.top);
        ctx.lineTo(x, chartArea.bottom);
        ctx.stroke();
      }
      ctx.restore();
    },
    afterRender(chart) {
      chart.canvas.dataset['drawn'] = 'true';
    },
  };
}

export interface TraceChartProps {
  plot: TracePlot;
  height?: number;
}

/**
 * A measured trace with its limit lines (beyond docs/requirements/results.md#screen: the Test Result screen). Drag across
 * the plot or use the buttons to zoom the frequency axis; the read-out under the plot follows
 * the cursor with the nearest measured point.
 */
export function TraceChart({ plot, height = 280 }: TraceChartProps) {
  registerChartParts(LineController, LineElement, PointElement, LinearScale, Legend, Filler);
  const chartRef = useRef<LineChart>(null);
  const cursorX = useRef<number>(undefined);
  const dragFrom = useRef<number>(undefined);
  const [zoom, setZoom] = useState<ZoomRange>();
  const [read, setRead] = useState('');
  const freqs = plot.freqs_MHz;
  const whole = { min: freqs[0] ?? 0, max: freqs[freqs.length - 1] ?? 0 };
  // the first view frames the step's band; zooming out past the whole trace stays there
  const initial = useMemo(() => initialRange(plot), [plot]);
  const zoomed = (factor: number) => zoomBy(zoom ?? initial, whole, factor) ?? (initial && whole);
  const values = useMemo(() => drawnValues(plot), [plot]);

  // thinned to the plot's width over the frequencies in view: a resize or a zoom thins again, from every point
  const { ref: plotRef, width } = usePlotWidth<HTMLDivElement>();
  // laid out and drawn once the plot comes near the viewport, not in a first load that has it below the fold
  const near = useNearViewport(plotRef);
  // nothing converted or thinned for a chart not made yet
  const data = useMemo(
    () => (near ? traceChartData(plot, width, zoom) : undefined),
    [near, plot, width, zoom],
  );
  const options = useMemo(() => traceChartOptions(plot, zoom), [plot, zoom]);
  const plugins = useMemo(() => [overlay(cursorX, dragFrom)], []);
  const linesId = useId();
  const lines = useMemo(() => limitLinesDescription(plot), [plot]);
  const canvas: ChartCanvasProps = {
    role: 'img',
    'aria-describedby': linesId,
    'aria-label': `Trace of ${plot.title}${plot.unit ? ` in ${plot.unit}` : ''}${plot.band ? `, over the band (${plot.band.label}) of the test's other units` : ''}`,
  };

  const pixel = (event: MouseEvent) => {
    const chart = chartRef.current;
    if (!chart) return undefined;
    const x = event.clientX - chart.canvas.getBoundingClientRect().left;
    return { chart, x, freq: chart.scales['x']!.getValueForPixel(x) ?? 0 };
  };
  const onMove = (event: MouseEvent) => {
    const at = pixel(event);
    if (!at) return;
    cursorX.current = at.x;
    const i = nearestIndex(freqs, at.freq);
    if (i >= 0) setRead(readout(freqs[i]!, values[i]!, plot.unit));
    at.chart.draw();
  };
  const onUp = (event: MouseEvent) => {
    const at = pixel(event);
    const from = dragFrom.current;
    dragFrom.current = undefined;
    if (!at || from === undefined) return;
    const a = at.chart.scales['x']!.getValueForPixel(from) ?? 0;
    const range = dragRange(a, at.freq, whole);
    if (range) setZoom(range);
    at.chart.draw();
  };

  return (
    <Stack gap={4} role="group" aria-label={plot.title}>
      <div
        ref={plotRef}
        style={{ height, position: 'relative', cursor: 'crosshair' }}
        onMouseMove={onMove}
        onMouseDown={(event) => (dragFrom.current = pixel(event)?.x)}
        onMouseUp={onUp}
        onMouseLeave={() => {
          cursorX.current = undefined;
          dragFrom.current = undefined;
          chartRef.current?.draw();
        }}
      >
        {width !== undefined &&
          (data ? (
            <Line ref={chartRef} data={data} options={options} plugins={plugins} {...canvas} />
          ) : (
            <canvas {...canvas} />
          ))}
      </div>
      <VisuallyHidden id={linesId}>{lines}</VisuallyHidden>
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite" ff="monospace" c="dimmed">
          {read || 'Point at the plot to read a value; drag across it to zoom'}
        </Text>
        <Group gap={4}>
          <Button size="compact-xs" variant="default" onClick={() => setZoom(zoomed(0.5))}>
            Zoom in
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => setZoom(zoomed(2))}>
            Zoom out
          </Button>
          <Button size="compact-xs" variant="default" disabled={!zoom} onClick={() => setZoom(undefined)}>
            Reset zoom
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
