import type { WaitingRelease } from '@sweepline/domain';
import { useServerData } from '../../app/useServerData';
import { releasesApi } from '../product/releases/releases.api';
import { useSavedSettings } from './useSavedSettings';

/** The account's release settings (release control, approval), and their save. */
export function useReleaseSettings(onError: (message: string) => void, onFailure: (error: unknown) => void) {
  const calls = { load: releasesApi.settings, save: releasesApi.saveSettings };
  return useSavedSettings('settings/releases', calls, onError, onFailure);
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
