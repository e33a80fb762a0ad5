import type { DayCount, DayRate, ProductListItem } from '@sweepline/domain';
import { api } from '../../app/api-client';

/** The calls of docs/api/reports.md behind the report screens (spec 2 section 7). */

/** The range of a report: epoch milliseconds of dayRange and the browser's zone offset. */
export interface ReportQuery {
  start_time: number;
  stop_time: number;
  zone_offset: number;
}

const query = (params: Record<string, number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export const reportsApi = {
  productList: () => api.get<ProductListItem[]>('/user/product_list'),
  dailyTestUnitCount: (productId: number, q: ReportQuery) =>
    api.get<DayCount[]>(`/report/daily_test_unit_count?${query({ product_id: productId, ...q })}`),
  dailyPassRate: (seqId: number, q: ReportQuery) =>
    api.get<DayRate[]>(`/report/daily_pass_rate?${query({ seq_id: seqId, ...q })}`),
  snPassYield: (seqId: number, isFirst: boolean, q: ReportQuery) =>
    api.get<DayRate[]>(`/report/sn_pass_yield?${query({ seq_id: seqId, ...q, is_first: isFirst ? 1 : 0 })}`),
};
