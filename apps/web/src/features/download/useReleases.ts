import type { Release } from '@sweepline/domain';
import { useServerData } from '../../app/useServerData';
import { downloadApi } from './download.api';

/** The runner's releases, newest first; a refusal goes to `onError`. */
export function useReleases(onError: (message: string) => void): Release[] | undefined {
  return useServerData(['download/releases'], downloadApi.releases, { onError }).data;
}
