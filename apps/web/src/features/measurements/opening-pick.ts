import { dayRange, rangePresets } from '@sweepline/domain';
import { browserZoneOffset } from '@sweepline/ui';
import type { ReportQuery } from '../reports/reports.api';

/** The range the Measurements screens open on: Last Month (a capability needs more than a day of runs). */
export const openingRange = (today: string): [string, string] => rangePresets(today)[3]!.range;

/** Local days as the calls ask for them: in the browser's zone, with its offset. */
export function rangeQuery([first, last]: [string, string]): ReportQuery {
  const zone = browserZoneOffset();
  return { ...dayRange(first, last, zone), zone_offset: zone };
}

/** The query of GET /report/steps, as the step picker asks it and the boot call compares it. */
export const stepsQuery = (seqId: number, range: ReportQuery) => ({ seq_id: seqId, ...range });
