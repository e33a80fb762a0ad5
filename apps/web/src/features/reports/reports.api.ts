import { endpoints, type ClientQuery, type ReportRangeQuery } from '@sweepline/domain';
import { api } from '../../app/api-client';

const { reports } = endpoints;

/** The calls of docs/api/reports.md behind the report screens (docs/requirements/reports.md). */

/** The range of a report as the screens give it: epoch milliseconds of dayRange and the browser's zone offset. */
export type ReportQuery = ClientQuery<ReportRangeQuery>;

export const reportsApi = {
  productList: () => api.call(reports.productList),
  dailyTestUnitCount: (productId: number, q: ReportQuery) =>
    api.call(reports.dailyTestUnitCount, { query: { product_id: productId, ...q } }),
  dailyPassRate: (seqId: number, q: ReportQuery) =>
    api.call(reports.dailyPassRate, { query: { seq_id: seqId, ...q } }),
  snPassYield: (seqId: number, isFirst: boolean, q: ReportQuery) =>
    api.call(reports.snPassYield, { query: { seq_id: seqId, ...q, is_first: isFirst ? 1 : 0 } }),
};
