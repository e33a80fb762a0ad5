import { civilFromDays, daysFromCivil, daysInMonth, formatCivil, MS_PER_DAY, pad } from './civil';
import { zoneShiftMs } from './zone-offset';

/**
 * Local days of a zone offset. Every function works on epoch milliseconds and a zone offset in
 * hours, never on the machine's time zone, so the browser, the API and the CLI agree. A local day
 * 'YYYY-MM-DD' of offset h runs from (that date at 00:00 UTC) - h hours to 24 hours later.
 * Functions throw RangeError for an invalid day, offset or time.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number (days since 1970-01-01) of a valid 'YYYY-MM-DD', else undefined. */
export function dayNumber(day: string): number | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return undefined;
  return daysFromCivil(y, mo, d);
}

export function isValidDay(day: string): boolean {
  return dayNumber(day) !== undefined;
}

function requireDay(day: string): number {
  const n = dayNumber(day);
  if (n === undefined) throw new RangeError(`Invalid day: ${day}`);
  return n;
}

function localMs(epochMs: number, zoneOffsetHours: number): number {
  if (!Number.isFinite(epochMs)) throw new RangeError(`Invalid time: ${epochMs}`);
  return epochMs + zoneShiftMs(zoneOffsetHours);
}

/**
 * docs/requirements/reports.md#common-controls: "date ranges are sent as start-of-day to end-of-day timestamps". start_time is
 * the first millisecond of startDate and stop_time the last (23:59:59.999) of stopDate, local to
 * the offset; both inclusive. Throws RangeError when stopDate is before startDate.
 */
export function dayRange(
  startDate: string,
  stopDate: string,
  zoneOffsetHours: number,
): { start_time: number; stop_time: number } {
  const first = requireDay(startDate);
  const last = requireDay(stopDate);
  if (last < first) throw new RangeError(`Stop day ${stopDate} is before start day ${startDate}`);
  const shift = zoneShiftMs(zoneOffsetHours);
  return { start_time: first * MS_PER_DAY - shift, stop_time: (last + 1) * MS_PER_DAY - shift - 1 };
}

/**
 * The instants of whole local days, half-open: `from` is the first instant of startDate and
 * `until` the first of the day after stopDate, which is not in the range. Every query over days
 * uses these (`>= from AND < until`), never dayRange's last millisecond: a time stored with
 * microseconds after it (23:59:59.9995) would fall outside both days (issue 38). Throws
 * RangeError as dayRange does.
 */
export function dayBounds(
  startDate: string,
  stopDate: string,
  zoneOffsetHours: number,
): { from: number; until: number } {
  const { start_time, stop_time } = dayRange(startDate, stopDate, zoneOffsetHours);
  return { from: start_time, until: stop_time + 1 };
}

/** The local days a start_time/stop_time pair covers (the inverse of dayRange). */
export function daysOfRange(
  startTime: number,
  stopTime: number,
  zoneOffsetHours: number,
): { startDate: string; stopDate: string } {
  return { startDate: localDay(startTime, zoneOffsetHours), stopDate: localDay(stopTime, zoneOffsetHours) };
}

/** The local day 'YYYY-MM-DD' of an instant. */
export function localDay(epochMs: number, zoneOffsetHours: number): string {
  return formatCivil(civilFromDays(Math.floor(localMs(epochMs, zoneOffsetHours) / MS_PER_DAY)));
}

/** Every local day from start to stop, both included; empty when stop is before start. */
export function daysBetween(start: string, stop: string): string[] {
  const first = requireDay(start);
  const last = requireDay(stop);
  const days: string[] = [];
  for (let n = first; n <= last; n++) days.push(formatCivil(civilFromDays(n)));
  return days;
}

/** docs/requirements/storage.md#ids-and-times: dates are shown as YYYY-mm-dd. */
export function formatDate(epochMs: number, zoneOffsetHours: number): string {
  return localDay(epochMs, zoneOffsetHours);
}

/** docs/requirements/results.md#screen: result times are shown as YYYY-mm-dd HH:MM:SS (milliseconds dropped). */
export function formatDateTime(epochMs: number, zoneOffsetHours: number): string {
  const ms = localMs(epochMs, zoneOffsetHours);
  const days = Math.floor(ms / MS_PER_DAY);
  const seconds = Math.floor((ms - days * MS_PER_DAY) / 1000);
  const hh = pad(Math.floor(seconds / 3600), 2);
  const mm = pad(Math.floor((seconds % 3600) / 60), 2);
  return `${formatCivil(civilFromDays(days))} ${hh}:${mm}:${pad(seconds % 60, 2)}`;
}
