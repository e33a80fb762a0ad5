import { isValidDay, type AuditQuery, type ClientQuery } from '@sweepline/domain';

/** History's filters, as its URL holds them (docs/web.md, "History"): each one is optional. */
export interface HistoryFilters {
  productId?: number;
  seqId?: number;
  userId?: number;
  /** Local days 'YYYY-MM-DD', both included; set together. */
  from?: string;
  to?: string;
}

const ID_PARAMS = { productId: 'product_id', seqId: 'seq_id', userId: 'user_id' } as const;

const idOf = (text: string | null) =>
  text !== null && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;

/**
 * The filters a URL names; what is not an id or a day is left out (a hand-edited link shows the
 * rows it can, not an error). A test without its product, or one end of a range, is dropped too.
 */
export function filtersFromParams(params: URLSearchParams): HistoryFilters {
  const filters: HistoryFilters = {};
  for (const [key, param] of Object.entries(ID_PARAMS)) {
    const id = idOf(params.get(param));
    if (id !== undefined) filters[key as keyof typeof ID_PARAMS] = id;
  }
  if (filters.productId === undefined) delete filters.seqId;
  const [from, to] = [params.get('from'), params.get('to')];
  if (from && to && isValidDay(from) && isValidDay(to) && from <= to) Object.assign(filters, { from, to });
  return filters;
}

/** The URL's search of the filters: the API's own names, so a link reads like the call it makes. */
export function paramsOfFilters(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, param] of Object.entries(ID_PARAMS)) {
    const id = filters[key as keyof typeof ID_PARAMS];
    if (id !== undefined) params.set(param, String(id));
  }
  if (filters.from && filters.to) {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  return params;
}

/** GET /audit's (and /audit/csv's) query: the filters, the browser's zone for the days, a page. */
export function auditQueryOf(
  filters: HistoryFilters,
  zoneOffset: number,
  beforeId?: number,
): ClientQuery<AuditQuery> {
  const query: ClientQuery<AuditQuery> = Object.fromEntries(paramsOfFilters(filters));
  if (filters.from) query.zone_offset = zoneOffset;
  if (beforeId !== undefined) query.before_id = beforeId;
  return query;
}
