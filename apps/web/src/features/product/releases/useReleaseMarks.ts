import type { EditorSeq } from '@sweepline/domain';
import { useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { releasesApi } from './releases.api';
import { knownReleasesAtom } from './releases.atoms';

/** Background asks at once: a product of many tests never floods the API or the browser. */
const AT_ONCE = 3;
/** A test saved again within this time is asked once, after the last save. */
const SETTLE_MS = 600;

/**
 * Keeps the releases of the shown product's tests known, for the tests column's marks: asks
 * GET /seq/:id/releases in the background for each test the editor has not asked about since it
 * last changed (the editor's answers replace a changed test's object), a few at a time. Tests of
 * other products are asked when their product is shown. A failure leaves the test unmarked.
 */
export function useReleaseMarks(seqs: readonly EditorSeq[] | undefined): void {
  const store = useStore();
  // the latest ask per test: an older answer arriving late never replaces a newer one
  const latest = useRef(new Map<number, number>());
  useEffect(() => {
    if (!seqs?.length) return;
    let live = true;
    const timer = setTimeout(() => {
      const known = store.get(knownReleasesAtom);
      const queue = seqs.filter((s) => known[s.id]?.seq !== s);
      const next = async (): Promise<void> => {
        const seq = queue.shift();
        if (!seq || !live) return;
        const ask = (latest.current.get(seq.id) ?? 0) + 1;
        latest.current.set(seq.id, ask);
        try {
          const releases = await releasesApi.listInBackground(seq.id);
          if (latest.current.get(seq.id) === ask)
            store.set(knownReleasesAtom, (all) => ({ ...all, [seq.id]: { seq, releases } }));
        } catch {
          // no mark rather than an alert the user did not ask for; the list shows the failure
        }
        return next();
      };
      for (let i = 0; i < AT_ONCE; i++) void next();
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [seqs, store]);
}
