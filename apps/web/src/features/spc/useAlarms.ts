import type { SpcAlarm, SpcAlarmPage } from '@sweepline/domain';
import { useEffect, useRef, useState } from 'react';
import { reportFailure } from '../../app/api-client';
import { useServerData } from '../../app/useServerData';
import { alarmsQueryOf, type AlarmFilters } from './alarm-filters';
import { spcApi } from './spc.api';

/**
 * The alarms for the filters: the first page when they change, then "Load more" pages asked
 * below the page's `nextBeforeId` and appended. An acknowledged alarm replaces its row in place.
 */
export function useAlarms(filters: AlarmFilters) {
  const key = JSON.stringify(filters);
  const first = useServerData(['spc/alarms', key], () => spcApi.alarms(alarmsQueryOf(filters)));
  const [later, setLater] = useState<SpcAlarmPage[]>([]);
  const [replaced, setReplaced] = useState<ReadonlyMap<number, SpcAlarm>>(new Map());
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string>();
  const shownKey = useRef(key);
  shownKey.current = key;
  useEffect(() => {
    setLater([]);
    setReplaced(new Map());
    setMoreError(undefined);
  }, [first.data]);

  const pages = first.data ? [first.data, ...later] : [];
  const next = pages[pages.length - 1]?.nextBeforeId ?? null;
  const alarms = pages.flatMap((page) => page.alarms).map((alarm) => replaced.get(alarm.id) ?? alarm);

  const loadMore = async () => {
    if (next === null) return;
    setLoadingMore(true);
    setMoreError(undefined);
    try {
      const page = await spcApi.alarms(alarmsQueryOf(filters, next));
      // the filters changed meanwhile: the page belongs to a list no longer shown
      if (shownKey.current === key) setLater((shown) => [...shown, page]);
    } catch (error) {
      reportFailure(error, setMoreError);
    } finally {
      setLoadingMore(false);
    }
  };

  /** Acknowledges with the note; the row shows who and when. A refusal rejects with its message. */
  const acknowledge = async (alarmId: number, note: string) => {
    const alarm = await spcApi.acknowledge(alarmId, note);
    setReplaced((shown) => new Map(shown).set(alarm.id, alarm));
  };

  return {
    alarms: first.data ? alarms : undefined,
    loading: first.loading,
    error: first.error ?? moreError,
    reload: first.reload,
    hasMore: next !== null,
    loadingMore,
    loadMore,
    acknowledge,
  };
}
