import type { SiteInfo } from '@sweepline/domain';
import { useEffect, useState } from 'react';
import { api } from '../../app/api-client';

/** GET /site (docs/api/reports.md): the open pages' settings, set by the operator, not the app. */
export const siteApi = { info: () => api.get<SiteInfo>('/site') };

/** The site settings once they arrive; a failure goes to `onError`. */
export function useSiteInfo(onError: (error: unknown) => void): SiteInfo | undefined {
  const [info, setInfo] = useState<SiteInfo>();
  useEffect(() => {
    siteApi.info().then(setInfo, onError);
  }, []);
  return info;
}
