import { localDay, zoneOffsetFromTimezoneOffset } from '@sweepline/domain';

/** docs/requirements/errors-and-envelope.md#calls: the browser's offset from UTC in hours (5.5 in India), as calls send it. */
export function browserZoneOffset(now: Date = new Date()): number {
  return zoneOffsetFromTimezoneOffset(now.getTimezoneOffset());
}

/** The browser's local day 'YYYY-MM-DD'. */
export function browserToday(nowMs: number = Date.now()): string {
  return localDay(nowMs, browserZoneOffset(new Date(nowMs)));
}
