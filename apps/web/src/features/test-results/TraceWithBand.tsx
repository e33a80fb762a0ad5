import { Text } from '@mantine/core';
import { useMemo } from 'react';
import type { RunReport } from '@sweepline/domain';
import { TraceChart, type TracePlot } from '@sweepline/ui';
import { bandLines, type BandEdges } from '../measurements/trace-band';
import { bandCaption } from './band-caption';
import { BAND_DAYS, useRunTraceBand } from './useRunTraceBand';

/**
 * A run's trace drawn over the band of the test's other units (docs/measurements.md, "Trace
 * band"), so an operator sees where this unit sits among its siblings. The trace is drawn at once;
 * the band joins it when it arrives, and a failed band call leaves the trace alone.
 */
export function TraceWithBand({ run, plot, edges }: { run: RunReport; plot: TracePlot; edges: BandEdges }) {
  const band = useRunTraceBand(run, plot.title);
  // the band is on the run's own grid when the run kept this trace
  const lines = useMemo(
    () => (band?.own && band.band ? bandLines(band, edges, true) : undefined),
    [band, edges],
  );
  // one plot object per band: a new one would convert, thin and lay out the four lines again
  const drawn = useMemo(() => (lines ? { ...plot, band: lines } : plot), [plot, lines]);
  return (
    <div>
      <TraceChart plot={drawn} />
      {lines && band && (
        <Text size="xs" c="dimmed">
          {bandCaption(band, edges, run.seqName, BAND_DAYS)}
        </Text>
      )}
    </div>
  );
}
