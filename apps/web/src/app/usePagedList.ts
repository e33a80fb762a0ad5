import { useEffect, useRef, useState } from 'react';
import { reportFailure } from './api-client';
import { useServerData } from './useServerData';

/**
 * A list read a page at a time: the first page whenever `key` (the filters) changes, then
 * "Load more" pages asked from the cursor `nextCursor` finds after the pages shown, and appended.
 * A page that arrives after the filters changed belongs to a list no longer shown and is dropped.
 */
export function usePagedList<Page, Cursor>(
  name: string,
  key: string,
  fetchPage: (cursor?: Cursor) => Promise<Page>,
  nextCursor: (pages: readonly Page[]) => Cursor | null,
) {
  const first = useServerData([name, key], () => fetchPage());
  const [later, setLater] = useState<Page[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string>();
  const shownKey = useRef(key);
  shownKey.current = key;
  useEffect(() => {
    setLater([]);
    setMoreError(undefined);
  }, [first.data]);

  const pages = first.data ? [first.data, ...later] : [];
  const next = pages.length > 0 ? nextCursor(pages) : null;

  const loadMore = async () => {
    if (next === null) return;
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const page = await fetchPage(next);
      if (shownKey.current === key) setLater((shown) => [...shown, page]);
    } catch (error) {
      reportFailure(error, setMoreError);
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    /** Undefined until the first page is in. */
    pages: first.data ? pages : undefined,
    loading: first.loading,
    error: first.error ?? moreError,
    reload: first.reload,
    hasMore: next !== null,
    loadingMore,
    loadMore,
  };
}
