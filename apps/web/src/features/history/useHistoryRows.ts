import { AUDIT_LIST_PAGE } from '@sweepline/domain';
import { browserZoneOffset } from '@sweepline/ui';
import { usePagedList } from '../../app/usePagedList';
import { auditQueryOf, type HistoryFilters } from './history-filters';
import { historyApi } from './history.api';

/**
 * History's rows for the filters: the first page when they change, then "Load more" pages
 * appended by before_id. A full page may have more behind it; a shorter one is the last.
 */
export function useHistoryRows(filters: HistoryFilters) {
  const { pages, ...list } = usePagedList(
    'history/rows',
    JSON.stringify(filters),
    (beforeId?: number) => historyApi.rows(auditQueryOf(filters, browserZoneOffset(), beforeId)),
    (shown) => {
      const last = shown[shown.length - 1]!;
      return last.length === AUDIT_LIST_PAGE ? last[last.length - 1]!.id : null;
    },
  );
  return { rows: pages?.flat(), ...list };
}
