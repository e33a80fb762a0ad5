import type { SiteInfo } from '@sweepline/domain';
import { useServerData } from '../../app/useServerData';
import { siteApi } from './site.api';

/** The site settings (GET /site) once they arrive; a refusal goes to `onError`. */
export function useSiteInfo(onError: (message: string) => void): SiteInfo | undefined {
  return useServerData(['site/info'], siteApi.info, { onError }).data;
}
