import { dayRange, localDay, type RunReport } from '@sweepline/domain';
import { browserZoneOffset } from '@sweepline/ui';
import { useServerData } from '../../app/useServerData';
import { measurementsApi } from '../measurements/measurements.api';

/** The band of a run's siblings: the same test and step over the 90 days up to the run's day. */
export const BAND_DAYS = 90;

/**
 * The band behind one trace of a run. A refusal is not shown and leaves the last band: the run's
 * own trace is drawn either way.
 */
export function useRunTraceBand(run: RunReport, step: string) {
  return useServerData(
    ['test-results/trace-band', run.runId, run.seqId, step],
    () => {
      const zone = browserZoneOffset();
      const last = localDay(Date.parse(run.startTime), zone);
      const first = localDay(Date.parse(run.startTime) - (BAND_DAYS - 1) * 86_400_000, zone);
      return measurementsApi.traceBand(
        { seqId: run.seqId, step },
        { ...dayRange(first, last, zone), zone_offset: zone },
        run.runId,
      );
    },
    { keepDataOnError: true },
  ).data;
}
