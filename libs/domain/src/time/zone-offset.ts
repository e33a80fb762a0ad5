import { MS_PER_HOUR } from './civil';

/**
 * docs/requirements/storage.md#ids-and-times: zone_offset is hours from UTC, from -12 to +14, and may be fractional.
 * We accept multiples of a quarter hour only: every offset in use today is one (5.5 India,
 * 5.75 Nepal, 9.5 and 10.5 Australia, -3.5 Newfoundland, 12.75 Chatham), and quarter hours are
 * exact in binary, so epoch arithmetic on them is exact. Anything else is refused.
 */
export const MIN_ZONE_OFFSET = -12;
export const MAX_ZONE_OFFSET = 14;

export function isValidZoneOffset(x: unknown): x is number {
  return (
    typeof x === 'number' &&
    Number.isFinite(x) &&
    x >= MIN_ZONE_OFFSET &&
    x <= MAX_ZONE_OFFSET &&
    Number.isInteger(x * 4)
  );
}

/** A zone_offset query value ("5.5", "-3.5", "+9", " 0 "): the number, or undefined if refused. */
export function parseZoneOffset(text: string): number | undefined {
  const t = text.trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(t)) return undefined;
  const x = Number(t) + 0; // + 0 turns -0 into 0
  return isValidZoneOffset(x) ? x : undefined;
}

/**
 * The browser's zone offset from Date#getTimezoneOffset(), which is minutes *behind* UTC
 * (India gives -330): hours ahead of UTC, as the spec sends it (5.5).
 */
export function zoneOffsetFromTimezoneOffset(minutesBehindUtc: number): number {
  return -minutesBehindUtc / 60 + 0;
}

/** Throws RangeError unless the offset is valid; the shift to local wall-clock time in ms. */
export function zoneShiftMs(zoneOffsetHours: number): number {
  if (!isValidZoneOffset(zoneOffsetHours)) {
    throw new RangeError(`Invalid zone offset: ${zoneOffsetHours}`);
  }
  return zoneOffsetHours * MS_PER_HOUR;
}
