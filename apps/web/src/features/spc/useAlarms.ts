import type { SpcAlarm } from '@sweepline/domain';
import { useEffect, useState } from 'react';
import { usePagedList } from '../../app/usePagedList';
import { alarmsQueryOf, type AlarmFilters } from './alarm-filters';
import { spcApi } from './spc.api';

/**
 * The alarms for the filters: the first page when they change, then "Load more" pages asked
 * below the page's `nextBeforeId` and appended. An acknowledged alarm replaces its row in place.
 */
export function useAlarms(filters: AlarmFilters) {
  const { pages, ...list } = usePagedList(
    'spc/alarms',
    JSON.stringify(filters),
    (beforeId?: number) => spcApi.alarms(alarmsQueryOf(filters, beforeId)),
    (shown) => shown[shown.length - 1]!.nextBeforeId,
  );
  const [replaced, setReplaced] = useState<ReadonlyMap<number, SpcAlarm>>(new Map());
  const firstPage = pages?.[0];
  useEffect(() => setReplaced(new Map()), [firstPage]);

  /** Acknowledges with the note; the row shows who and when. A refusal rejects with its message. */
  const acknowledge = async (alarmId: number, note: string) => {
    const alarm = await spcApi.acknowledge(alarmId, note);
    setReplaced((shown) => new Map(shown).set(alarm.id, alarm));
  };

  return {
    alarms: pages?.flatMap((page) => page.alarms).map((alarm) => replaced.get(alarm.id) ?? alarm),
    ...list,
    acknowledge,
  };
}
