import type { EditorSeq, ReleaseMark, SeqReleases } from '@sweepline/domain';
import { createAtom } from '../../../app/create-atom';

/** A test's releases as last answered, with the test as the editor had it then (stale once it changes). */
export interface KnownReleases {
  seq: EditorSeq;
  releases: SeqReleases;
}

/** The releases of the tests seen in the editor, by test id: the list and the release dialog read them. */
export const knownReleasesAtom = createAtom<Readonly<Record<number, KnownReleases>>>('product.releases', {});

/** A test's mark as last answered, with the test as the editor had it then (stale once it changes). */
export interface KnownMark {
  seq: EditorSeq;
  mark: ReleaseMark;
}

/** The marks of the tests seen in the editor, by test id: the tests column and the release bar read them. */
export const releaseMarksAtom = createAtom<Readonly<Record<number, KnownMark>>>('product.releaseMarks', {});

/** A test's mark from its releases: the newest release that is not rejected is the one compared. */
export function markOf(releases: SeqReleases): ReleaseMark {
  return {
    seqId: releases.seqId,
    runnableNo: releases.runnableNo,
    newestNo: releases.releases.find((release) => release.state !== 'rejected')?.no ?? null,
    draftDiffers: releases.draftDiffers,
  };
}
