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
  // the pages loaded after a first page belong to it: a new first page (the filters changed, a
  // reload) shows alone from its first render, not beside the old list's pages until an effect ran
  const [later, setLater] = useState<{ after?: Page; pages: Page[] }>({ pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string>();
  const shownKey = useRef(key);
  shownKey.current = key;
  useEffect(() => setMoreError(undefined), [first.data]);

  const pages = first.data ? [first.data, ...(later.after === first.data ? later.pages : [])] : [];
  const next = pages.length > 0 ? nextCursor(pages) : null;

  const loadMore = async () => {
    if (next === null) return;
    const after = first.data;
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const page = await fetchPage(next);
      if (shownKey.current === key)
        setLater((shown) => ({ after, pages: shown.after === after ? [...shown.pages, page] : [page] }));
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
