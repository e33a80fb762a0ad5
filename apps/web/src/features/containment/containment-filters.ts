import { dayNumber, localDay, MS_PER_DAY, type ContainmentQuery } from '@sweepline/domain';

/** The days a search spans when the URL names none: the last 90, today included. */
export const DEFAULT_DAYS = 90;

/**
 * Containment's search as its URL holds it (docs/web.md, "Containment"): the criteria, each
 * optional (at least one is needed to search), and a range of days, always set.
 */
export interface ContainmentFilters {
  instrumentId?: number;
  calibrationId?: number;
  station?: string;
  operator?: string;
  /** Days 'YYYY-MM-DD' in the account's zone, both included. */
  from: string;
  to: string;
}

const ID_PARAMS = { instrumentId: 'instrument_id', calibrationId: 'calibration_id' } as const;
const TEXT_PARAMS = { station: 'station', operator: 'operator' } as const;

const idOf = (text: string | null) =>
  text !== null && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;

/** The last DEFAULT_DAYS days up to `today`. */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: localDay((dayNumber(today)! - DEFAULT_DAYS + 1) * MS_PER_DAY, 0), to: today };
}

/**
 * The search a URL names. What is not an id is left out, a text is trimmed, and a range that is
 * not two days in order is the default one: a hand-edited link searches what it can.
 */
export function filtersFromParams(params: URLSearchParams, today: string): ContainmentFilters {
  const [from, to] = [params.get('from') ?? '', params.get('to') ?? ''];
  const inOrder = dayNumber(from) !== undefined && dayNumber(to) !== undefined && from <= to;
  const filters: ContainmentFilters = inOrder ? { from, to } : defaultRange(today);
  for (const [key, param] of Object.entries(ID_PARAMS)) {
    const id = idOf(params.get(param));
    if (id !== undefined) filters[key as keyof typeof ID_PARAMS] = id;
  }
  for (const [key, param] of Object.entries(TEXT_PARAMS)) {
    const text = params.get(param)?.trim();
    if (text) filters[key as keyof typeof TEXT_PARAMS] = text;
  }
  return filters;
}

/** The search as GET /containment's query: the API's own names, so a link reads like the call. */
export function queryOf(filters: ContainmentFilters): ContainmentQuery {
  const query: ContainmentQuery = { from: filters.from, to: filters.to };
  for (const [key, param] of Object.entries(ID_PARAMS)) {
    const id = filters[key as keyof typeof ID_PARAMS];
    if (id !== undefined) query[param] = String(id);
  }
  for (const [key, param] of Object.entries(TEXT_PARAMS)) {
    const text = filters[key as keyof typeof TEXT_PARAMS];
    if (text) query[param] = text;
  }
  return query;
}

/** The URL's search of the filters: the query's fields in one order, criteria first. */
export function paramsOfFilters(filters: ContainmentFilters): URLSearchParams {
  const { from, to, ...criteria } = queryOf(filters);
  return new URLSearchParams({ ...criteria, from, to });
}

/** Whether the search names an instrument, a calibration, a station or an operator. */
export function hasCriterion(filters: ContainmentFilters): boolean {
  return [filters.instrumentId, filters.calibrationId, filters.station, filters.operator].some(
    (value) => value !== undefined,
  );
}
