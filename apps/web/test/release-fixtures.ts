/**
 * Releases for component tests (docs/web.md, "Releases"): a complete test with three releases in
 * each state, a diff of it, and a way to serve them.
 */
import type { ReleaseDiff, SeqRelease, SeqReleases, WaitingRelease } from '@sweepline/domain';
import { http, type JsonBodyType } from 'msw';
import { ALPHA, BETA, seq, step } from './editor-fixtures';
import { markOf } from '../src/features/product/releases/releases.atoms';
import { ok, path, server } from './server';

/** A complete test (every step complete), the first product's last. */
export const GAIN = seq(13, 'Gain', 1, 3, [step(131, 'Gain 1'), step(132, 'Gain 2')]);
export const RELEASE_PRODUCTS = [{ ...ALPHA, seqs: [...ALPHA.seqs, GAIN] }, BETA];

export function release(no: number, fields: Partial<SeqRelease> = {}): SeqRelease {
  return {
    seqId: GAIN.id,
    no,
    kind: 'explicit',
    state: 'released',
    note: `Note of ${no}`,
    rolledBackFrom: null,
    seqVersion: no,
    createdBy: 'Erin',
    createdAt: '2026-11-20T08:30:00.000Z',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    ...fields,
  };
}

/** Newest first: 4 rejected, 3 waiting, 2 released (runs), 1 from the migration. */
export const GAIN_RELEASES: SeqReleases = {
  seqId: GAIN.id,
  releases: [
    release(4, { state: 'rejected', decidedBy: 'Ann', reason: 'Limit too tight' }),
    release(3, { state: 'waiting', note: 'Wider band' }),
    release(2, { note: 'Tighter gain limit' }),
    release(1, { kind: 'migration', note: 'Released when releases began' }),
  ],
  runnableNo: 2,
  draftDiffers: true,
};

export const GAIN_DIFF: ReleaseDiff = {
  seqId: GAIN.id,
  from: 4,
  to: 'draft',
  steps: [
    {
      stepId: 132,
      name: 'Gain 2',
      change: 'moved and changed',
      fromIndex: 0,
      toIndex: 1,
      changes: [
        { key: 'upper', from: -1, to: -0.8, isLimit: true },
        { key: 'startFreq_MHz', from: 100, to: 120, isLimit: false },
      ],
    },
    { stepId: 133, name: 'Gain 3', change: 'added', fromIndex: null, toIndex: 2, changes: [] },
    { stepId: 130, name: 'Old step', change: 'removed', fromIndex: 2, toIndex: null, changes: [] },
  ],
  cals: [],
  same: false,
};

export const WAITING: WaitingRelease = {
  ...release(3, { state: 'waiting', note: 'Wider band' }),
  productId: ALPHA.id,
  productName: ALPHA.name,
  seqName: GAIN.name,
};

/**
 * GET /seq/:id/releases answering `byTest` (else none), GET /product/:id/release_marks the marks
 * of the same releases for the tests of RELEASE_PRODUCTS (recording the products asked), and
 * GET /seq/:id/diff recording its queries.
 */
export function serveReleases(byTest: Record<number, SeqReleases>, diff: ReleaseDiff = GAIN_DIFF) {
  const diffQueries: Record<string, string>[] = [];
  const markAsks: number[] = [];
  const releasesOf = (seqId: number): SeqReleases =>
    byTest[seqId] ?? { seqId, releases: [], runnableNo: null, draftDiffers: true };
  server.use(
    http.get(path('/seq/:seqId/releases'), ({ params }) =>
      ok(releasesOf(Number(params.seqId)) as unknown as JsonBodyType),
    ),
    http.get(path('/product/:productId/release_marks'), ({ params }) => {
      const productId = Number(params.productId);
      markAsks.push(productId);
      const product = RELEASE_PRODUCTS.find((p) => p.id === productId);
      return ok((product?.seqs ?? []).map((s) => markOf(releasesOf(s.id))) as unknown as JsonBodyType);
    }),
    http.get(path('/seq/:seqId/diff'), ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      diffQueries.push(query);
      const from = query.from === undefined ? diff.from : Number(query.from);
      const to = query.to === undefined || query.to === 'draft' ? 'draft' : Number(query.to);
      return ok({ ...diff, from, to } as unknown as JsonBodyType);
    }),
  );
  return { diffQueries, markAsks };
}
