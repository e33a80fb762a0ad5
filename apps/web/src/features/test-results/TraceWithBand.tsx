import { Text } from '@mantine/core';
import { dayRange, localDay, type RunReport } from '@sweepline/domain';
import { browserZoneOffset, TraceChart, type TracePlot } from '@sweepline/ui';
import { useEffect, useState } from 'react';
import { measurementsApi } from '../measurements/measurements.api';
import { bandLines, otherGridNote, type BandEdges } from '../measurements/trace-band';
import type { TraceBandReport } from '@sweepline/domain';

/** The band of a run's siblings: the same test and step over the 90 days up to the run's day. */
export const BAND_DAYS = 90;

/**
 * A run's trace drawn over the band of the test's other units (docs/measurements.md, "Trace
 * band"), so an operator sees where this unit sits among its siblings. The trace is drawn at once;
 * the band joins it when it arrives, and a failed band call leaves the trace alone.
 */
export function TraceWithBand({ run, plot, edges }: { run: RunReport; plot: TracePlot; edges: BandEdges }) {
  const [band, setBand] = useState<TraceBandReport>();
  useEffect(() => {
    let live = true;
    const zone = browserZoneOffset();
    const last = localDay(Date.parse(run.startTime), zone);
    const first = localDay(Date.parse(run.startTime) - (BAND_DAYS - 1) * 86_400_000, zone);
    measurementsApi
      .traceBand(
        { seqId: run.seqId, step: plot.title },
        { ...dayRange(first, last, zone), zone_offset: zone },
        run.runId,
      )
      .then(
        (answer) => live && setBand(answer),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [run.runId, run.seqId, plot.title]);
  // the band is on the run's own grid when the run kept this trace
  const lines = band?.own && band.band ? bandLines(band, edges, true) : undefined;
  const note = band && otherGridNote(band);
  return (
    <div>
      <TraceChart plot={lines ? { ...plot, band: lines } : plot} />
      {lines && (
        <Text size="xs" c="dimmed">
          Band: {lines.label} of {run.seqName} in the {BAND_DAYS} days up to this run{note ? `; ${note}` : ''}
          .
        </Text>
      )}
    </div>
  );
}
