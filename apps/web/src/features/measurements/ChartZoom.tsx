import { Button, Group, RangeSlider, Text } from '@mantine/core';
import { CHART_WIDTH } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';

/** A zoom inside the applied range, epoch ms, both ends included. */
export interface Zoom {
  start: number;
  stop: number;
}

/** Until the screen is measured (and in tests, which have no layout), a wide screen's plot. */
const UNMEASURED_WIDTH = 1600;

/**
 * The plot width to ask for: the chart's own width rounded up to 100 px (a resize by a few
 * pixels asks nothing again), within the widths the API takes.
 */
export function plotWidth(measured: number): number {
  if (!(measured > 0)) return UNMEASURED_WIDTH;
  return Math.min(CHART_WIDTH.max, Math.max(CHART_WIDTH.min, Math.ceil(measured / 100) * 100));
}

const when = (ms: number) => localDateTime(new Date(ms).toISOString());

/**
 * Zooming the control chart (DESIGN.md, "Statistical process control in production"): a span of
 * the points shown asks the API again for that time window, where single points show once they
 * fit; "Whole range" goes back.
 */
export function ChartZoom({
  times,
  zoom,
  onZoom,
}: {
  /** The shown points' start times, ascending. */
  times: readonly number[];
  zoom: Zoom | null;
  onZoom: (zoom: Zoom | null) => void;
}) {
  const last = times.length - 1;
  if (last < 1) return null;
  return (
    <Group gap="md" align="center" wrap="nowrap">
      <Text size="sm" w={60}>
        Zoom
      </Text>
      <RangeSlider
        aria-label="Zoom"
        style={{ flex: 1 }}
        min={0}
        max={last}
        minRange={1}
        defaultValue={[0, last]}
        key={`${times[0]}-${times[last]}`}
        label={(i) => when(times[i]!)}
        thumbFromLabel="Zoom from"
        thumbToLabel="Zoom to"
        onChangeEnd={([a, b]) => {
          if (a > 0 || b < last) onZoom({ start: times[a]!, stop: times[b]! });
        }}
      />
      {zoom && (
        <Button variant="default" size="xs" onClick={() => onZoom(null)}>
          Whole range
        </Button>
      )}
    </Group>
  );
}
