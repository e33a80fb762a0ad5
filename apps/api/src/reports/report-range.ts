import { dayBounds, daysBetween, localDay, parseZoneOffset, Refused } from '@sweepline/domain';

/** Ours: the longest range a daily report covers (a year of the "Last Year" preset, and some). */
export const MAX_REPORT_DAYS = 400;

export const REPORT_MSG = {
  invalidId: 'Invalid id',
  time: 'A time in epoch milliseconds, like 1732320000000',
  zoneOffset: 'Hours from UTC, from -12 to 14 in quarter hours, like 5.5',
  isFirst: 'Either 1 (first-time pass yield) or 0 (throughput yield)',
  reversed: 'stop_time: The stop time is before the start time',
  tooLong: `stop_time: A report covers at most ${MAX_REPORT_DAYS} days`,
} as const;

/** What every daily report query needs: the whole local days and their instants. */
export interface ReportRange {
  /** Every local day of the range, in order ('YYYY-MM-DD'). */
  days: string[];
  /**
   * The first instant of those days and the first after them, as ISO texts for timestamptz
   * parameters: half-open, `>= from AND < until` (a time with microseconds after a day's last
   * millisecond is still in its day; issue 38).
   */
  from: string;
  until: string;
  /** The zone offset in whole minutes (quarter hours are whole minutes). */
  offsetMinutes: number;
}

/**
 * The local days that start_time and stop_time fall on, whole (docs/api/reports.md): the web
 * sends the first and last millisecond of the chosen days (docs/requirements/reports.md#common-controls), which this keeps
 * exactly; any other instants widen to their whole days, so no day is reported half counted.
 */
export function reportRange(query: {
  start_time: string;
  stop_time: string;
  zone_offset?: string;
}): ReportRange {
  const offset = parseZoneOffset(query.zone_offset ?? '0')!;
  const start = Number(query.start_time);
  const stop = Number(query.stop_time);
  if (stop < start) throw new Refused(REPORT_MSG.reversed);
  const startDate = localDay(start, offset);
  const stopDate = localDay(stop, offset);
  const days = daysBetween(startDate, stopDate);
  if (days.length > MAX_REPORT_DAYS) throw new Refused(REPORT_MSG.tooLong);
  const { from, until } = dayBounds(startDate, stopDate, offset);
  return {
    days,
    from: new Date(from).toISOString(),
    until: new Date(until).toISOString(),
    offsetMinutes: offset * 60,
  };
}
