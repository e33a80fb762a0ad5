import { formatDateTime, zoneOffsetFromTimezoneOffset } from '@sweepline/domain';

/**
 * An ISO time as the browser's local 'YYYY-mm-dd HH:MM:SS' (docs/requirements/storage.md#ids-and-times), in the zone offset
 * of that moment (so a summer run reads in summer time).
 */
export function localDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return formatDateTime(ms, zoneOffsetFromTimezoneOffset(new Date(ms).getTimezoneOffset()));
}
