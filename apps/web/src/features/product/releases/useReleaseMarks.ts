import type { EditorSeq } from '@sweepline/domain';
import { useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { releasesApi } from './releases.api';
import { releaseMarksAtom } from './releases.atoms';

/** Tests saved again within this time are asked once, after the last save. */
const SETTLE_MS = 600;

/**
 * Keeps the marks of the shown product's tests known, for the tests column: asks
 * GET /product/:productId/release_marks in the background, one call for the whole product,
 * whenever one of its tests has changed since its mark was answered (the editor's answers replace
 * a changed test's object). Other products are asked when they are shown. A failure leaves the
 * tests unmarked.
 */
export function useReleaseMarks(productId: number | undefined, seqs: readonly EditorSeq[] | undefined): void {
  const store = useStore();
  // the latest ask per product: an older answer arriving late never replaces a newer one
  const latest = useRef(new Map<number, number>());
  useEffect(() => {
    if (productId === undefined || !seqs?.length) return;
    const ask = async () => {
      const known = store.get(releaseMarksAtom);
      if (seqs.every((s) => known[s.id]?.seq === s)) return;
      const no = (latest.current.get(productId) ?? 0) + 1;
      latest.current.set(productId, no);
      try {
        const marks = await releasesApi.marksInBackground(productId);
        if (latest.current.get(productId) !== no) return;
        // each mark with the test as it was asked, so a test changed meanwhile is asked again
        const asked = new Map(seqs.map((s) => [s.id, s]));
        store.set(releaseMarksAtom, (all) => {
          const next = { ...all };
          for (const mark of marks) {
            const seq = asked.get(mark.seqId);
            if (seq) next[mark.seqId] = { seq, mark };
          }
          return next;
        });
      } catch {
        // no mark rather than an alert the user did not ask for; the list shows the failure
      }
    };
    const timer = setTimeout(() => void ask(), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [productId, seqs, store]);
}
