import { AUDIT_LIST_PAGE, type AuditCsvRow } from '@sweepline/domain';
import { browserZoneOffset } from '@sweepline/ui';
import { useEffect, useRef, useState } from 'react';
import { reportFailure } from '../../app/api-client';
import { useServerData } from '../../app/useServerData';
import { auditQueryOf, type HistoryFilters } from './history-filters';
import { historyApi } from './history.api';

/**
 * History's rows for the filters: the first page when they change, then "Load more" pages
 * appended by before_id. A full page may have more behind it; a shorter one is the last.
 */
export function useHistoryRows(filters: HistoryFilters) {
  const key = JSON.stringify(filters);
  const first = useServerData(['history/rows', key], () =>
    historyApi.rows(auditQueryOf(filters, browserZoneOffset())),
  );
  const [later, setLater] = useState<AuditCsvRow[][]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string>();
  const shownKey = useRef(key);
  shownKey.current = key;
  useEffect(() => {
    setLater([]);
    setMoreError(undefined);
  }, [first.data]);

  const pages = first.data ? [first.data, ...later] : [];
  const rows = pages.flat();
  const hasMore = pages.length > 0 && pages[pages.length - 1]!.length === AUDIT_LIST_PAGE;

  const loadMore = async () => {
    const last = rows[rows.length - 1];
    if (!last) return;
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const page = await historyApi.rows(auditQueryOf(filters, browserZoneOffset(), last.id));
      // filters changed meanwhile: the page belongs to rows no longer shown
      if (shownKey.current === key) setLater((shown) => [...shown, page]);
    } catch (error) {
      reportFailure(error, setMoreError);
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    rows: first.data ? rows : undefined,
    loading: first.loading,
    error: first.error ?? moreError,
    reload: first.reload,
    hasMore,
    loadingMore,
    loadMore,
  };
}
