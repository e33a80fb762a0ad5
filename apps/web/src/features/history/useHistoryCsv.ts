import { browserZoneOffset } from '@sweepline/ui';
import { useFileDownload } from '../../app/useFileDownload';
import { auditQueryOf, type HistoryFilters } from './history-filters';
import { historyApi } from './history.api';

/** History's Export CSV: every row the filters select. */
export function useHistoryCsv(filters: HistoryFilters) {
  return useFileDownload(() => historyApi.csv(auditQueryOf(filters, browserZoneOffset())), 'audit-trail.csv');
}
