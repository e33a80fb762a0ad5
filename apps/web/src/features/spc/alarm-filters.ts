import {
  SPC_ALARM_STATES,
  type ClientQuery,
  type SpcAlarmState,
  type SpcAlarmsQuery,
} from '@sweepline/domain';

/** The alarms list's filters, as its URL holds them (docs/web.md, "SPC alarms"): each optional. */
export interface AlarmFilters {
  productId?: number;
  seqId?: number;
  state?: SpcAlarmState;
}

const idOf = (text: string | null) =>
  text !== null && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;

const isState = (text: string | null): text is SpcAlarmState =>
  (SPC_ALARM_STATES as readonly (string | null)[]).includes(text);

/**
 * The filters a URL names, in the API's own words (product_id, seq_id, state); what is not an id
 * or a state is left out, and a test without its product too (a hand-edited link shows what it can).
 */
export function alarmFiltersOf(params: URLSearchParams): AlarmFilters {
  const filters: AlarmFilters = {};
  const productId = idOf(params.get('product_id'));
  const seqId = idOf(params.get('seq_id'));
  const state = params.get('state');
  if (productId !== undefined) filters.productId = productId;
  if (productId !== undefined && seqId !== undefined) filters.seqId = seqId;
  if (isState(state)) filters.state = state;
  return filters;
}

/** GET /spc/alarms's query for the filters (and the URL's search), a page below `beforeId`. */
export function alarmsQueryOf(filters: AlarmFilters, beforeId?: number): ClientQuery<SpcAlarmsQuery> {
  const query: ClientQuery<SpcAlarmsQuery> = {};
  if (filters.productId !== undefined) query.product_id = filters.productId;
  if (filters.seqId !== undefined) query.seq_id = filters.seqId;
  if (filters.state !== undefined) query.state = filters.state;
  if (beforeId !== undefined) query.before_id = beforeId;
  return query;
}

export function paramsOfAlarmFilters(filters: AlarmFilters): URLSearchParams {
  return new URLSearchParams(
    Object.entries(alarmsQueryOf(filters)).map(([key, value]) => [key, String(value)]),
  );
}
