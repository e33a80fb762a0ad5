import { endpoints, type ReleaseSettings } from '@sweepline/domain';
import { api } from '../../../app/api-client';

const { testReleases } = endpoints;

/** The release calls of docs/api.md ("Releases"), typed with the domain's wire shapes. */
export const releasesApi = {
  list: (seqId: number) => api.call(testReleases.list, { params: { seqId } }),
  /** The tests column's marks of a product, in one call: asked by the screen, not the user, so no loading overlay. */
  marksInBackground: (productId: number) => api.inBackground(testReleases.marks, { params: { productId } }),
  release: (seqId: number, note: string) =>
    api.call(testReleases.release, { params: { seqId }, body: { note } }),
  rollback: (seqId: number, no: number, note: string) =>
    api.call(testReleases.rollback, { params: { seqId, no }, body: { note } }),
  approve: (seqId: number, no: number) => api.call(testReleases.approve, { params: { seqId, no } }),
  reject: (seqId: number, no: number, reason: string) =>
    api.call(testReleases.reject, { params: { seqId, no }, body: { reason } }),
  /** What changed from release `from` (default: the newest) to `to` (a number or 'draft', the default). */
  diff: (seqId: number, from?: number | 'draft', to?: number | 'draft') =>
    api.call(testReleases.diff, {
      params: { seqId },
      query: {
        ...(from === undefined ? {} : { from: String(from) }),
        ...(to === undefined ? {} : { to: String(to) }),
      },
    }),
  waiting: () => api.call(testReleases.waiting),
  settings: () => api.call(testReleases.settings),
  saveSettings: (body: ReleaseSettings) => api.call(testReleases.saveSettings, { body }),
};
