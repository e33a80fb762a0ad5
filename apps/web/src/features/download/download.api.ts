import type { Release } from './releases';
import { api } from '../../app/api-client';

export const downloadApi = {
  releases: () => api.get<Release[]>('/version'),
  /**
   * Whether the runner package is there: a HEAD request on its path (the API answers 404 for a
   * missing file under dl/, never the app's page), so the page never offers a dead link.
   */
  async packageExists(packagePath: string): Promise<boolean> {
    try {
      const reply = await fetch(`/${packagePath}`, { method: 'HEAD' });
      return reply.ok && !(reply.headers.get('content-type') ?? '').startsWith('text/html');
    } catch {
      return false;
    }
  },
};
