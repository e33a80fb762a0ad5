import type { ReleaseDiff } from '@sweepline/domain';
import { useServerData, type ServerData } from '../../../app/useServerData';
import { releasesApi } from './releases.api';

/**
 * The server's diff of a test between release `from` and `to` (a release or the draft), asked
 * again whenever a side or `stamp` (what the test is now: a new release, a saved draft) changes.
 * Without `from` (no release yet) nothing is asked. A refusal is kept in `error`, shown in place.
 */
export function useReleaseDiff(
  seqId: number,
  from: number | undefined,
  to: number | 'draft',
  stamp: unknown,
): ServerData<ReleaseDiff> {
  return useServerData(
    ['releases/diff', seqId, from, to, stamp],
    from === undefined ? undefined : () => releasesApi.diff(seqId, from, to),
  );
}
