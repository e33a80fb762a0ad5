import { endpoints } from '@sweepline/domain';
import { api } from '../../app/api-client';

/** GET /site (docs/api/reports.md): the open pages' settings, set by the operator, not the app. */
export const siteApi = { info: () => api.call(endpoints.site.info) };
