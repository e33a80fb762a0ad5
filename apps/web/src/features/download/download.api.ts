import type { Release } from '@sweepline/domain';
import { api } from '../../app/api-client';

export const downloadApi = {
  releases: () => api.get<Release[]>('/version'),
};
