import type { EditorSeq, SeqReleases } from '@sweepline/domain';
import { createAtom } from '../../../app/create-atom';

/** A test's releases as last answered, with the test as the editor had it then (stale once it changes). */
export interface KnownReleases {
  seq: EditorSeq;
  releases: SeqReleases;
}

/** The releases of the tests seen in the editor, by test id: the tests column's marks and the list read them. */
export const knownReleasesAtom = createAtom<Readonly<Record<number, KnownReleases>>>('product.releases', {});
