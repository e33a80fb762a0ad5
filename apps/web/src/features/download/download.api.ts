import { endpoints } from '@sweepline/domain';
import { api } from '../../app/api-client';

export const downloadApi = {
  releases: () => api.call(endpoints.releases.list),
};
