import type { ReleaseSettings, WaitingRelease } from '@sweepline/domain';
import { useState } from 'react';
import { useServerData } from '../../app/useServerData';
import { releasesApi } from '../product/releases/releases.api';

/**
 * The account's release settings as stored, and a save whose answer is then shown; `saving`
 * while one is under way. A failed save goes to `onFailure` and leaves them as stored.
 */
export function useReleaseSettings(onError: (message: string) => void, onFailure: (error: unknown) => void) {
  const settings = useServerData(['settings/releases'], releasesApi.settings, { onError });
  const [saving, setSaving] = useState(false);
  const save = async (next: ReleaseSettings) => {
    setSaving(true);
    try {
      const saved = await releasesApi.saveSettings(next);
      settings.setData(() => saved);
    } catch (error) {
      onFailure(error);
    } finally {
      setSaving(false);
    }
  };
  return { settings, saving, save };
}

/**
 * The releases waiting for approval, and a manager's decision on one: approved, or rejected with
 * a reason. True once decided (the list is then asked again); a refusal goes to `onFailure`.
 */
export function useWaitingReleases(onError: (message: string) => void, onFailure: (error: unknown) => void) {
  const waiting = useServerData(['settings/waiting-releases'], releasesApi.waiting, { onError });
  const decide = async (release: WaitingRelease, reason?: string): Promise<boolean> => {
    try {
      if (reason === undefined) await releasesApi.approve(release.seqId, release.no);
      else await releasesApi.reject(release.seqId, release.no, reason);
      waiting.reload();
      return true;
    } catch (error) {
      onFailure(error);
      return false;
    }
  };
  return { waiting, decide };
}
