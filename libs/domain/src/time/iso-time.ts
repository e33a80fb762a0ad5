const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Epoch milliseconds of an ISO 8601 time with a zone, or undefined. A day the month does not have
 * (02-30) is refused: JavaScript would roll it over, PostgreSQL would refuse it.
 */
export function parseRunTime(value: unknown): number | undefined {
  const parts = typeof value === 'string' ? ISO_TIME.exec(value) : null;
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  const ms = Date.parse(value as string);
  return Number.isFinite(ms) ? ms : undefined;
}
