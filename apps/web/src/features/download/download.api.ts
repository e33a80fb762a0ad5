import type { Release } from './releases';
import { api } from '../../app/api-client';

export const downloadApi = {
  releases: () => api.get<Release[]>('/version'),
};
