import type { EditorSeq, SeqRelease } from '@sweepline/domain';
import { notifyInfo } from '@sweepline/ui';
import type { EditorContext } from '../actions/editor-context';
import type { SavePath } from '../actions/save-path';
import { dialogAtom } from '../product.atoms';
import { releasesApi } from './releases.api';
import { knownReleasesAtom, markOf, releaseMarksAtom } from './releases.atoms';
import { RELEASE_TEXTS } from './release-texts';

/** What a new release (or rollback) answered, as the user is told: released, or waiting for approval. */
export function madeText(test: string, made: SeqRelease): string {
  return made.state === 'waiting'
    ? RELEASE_TEXTS.waiting(test, made.no)
    : RELEASE_TEXTS.released(test, made.no);
}

/**
 * The editor's release tools (docs/web.md, "Releases"). Each one first saves what is pending
 * through the save path, so a release holds the limit just typed; a refusal shows the error alert.
 */
export function releaseActions(ctx: EditorContext, saves: SavePath) {
  const { set, needSeq } = ctx;

  /** The test's releases asked again, for the list and the tests column's mark. */
  async function reloadReleases(seq: EditorSeq) {
    const releases = await releasesApi.list(seq.id);
    set(knownReleasesAtom, (all) => ({ ...all, [seq.id]: { seq, releases } }));
    set(releaseMarksAtom, (all) => ({ ...all, [seq.id]: { seq, mark: markOf(releases) } }));
  }

  /** The test as the editor has it now (the saves before an action may have replaced it). */
  const current = (seq: EditorSeq) =>
    ctx
      .products()
      .flatMap((p) => p.seqs)
      .find((s) => s.id === seq.id) ?? seq;

  return {
    openRelease: () =>
      saves.run(async () => {
        const seq = needSeq();
        if (!seq) return;
        await reloadReleases(seq);
        set(dialogAtom, { kind: 'release', seq });
      }),
    openReleases: () =>
      saves.run(async () => {
        const seq = needSeq();
        if (!seq) return;
        await reloadReleases(seq);
        set(dialogAtom, { kind: 'releases', seq });
      }),
    release: (seq: EditorSeq, note: string) =>
      saves.run(async () => {
        const made = await releasesApi.release(seq.id, note);
        set(dialogAtom, undefined);
        notifyInfo(madeText(seq.name, made));
        await reloadReleases(current(seq));
      }),
    rollback: (seq: EditorSeq, no: number, note: string) =>
      saves.run(async () => {
        const made = await releasesApi.rollback(seq.id, no, note);
        notifyInfo(madeText(seq.name, made));
        await reloadReleases(current(seq));
      }),
    approve: (seq: EditorSeq, no: number) =>
      saves.run(async () => {
        await releasesApi.approve(seq.id, no);
        notifyInfo(RELEASE_TEXTS.approved(seq.name, no));
        await reloadReleases(current(seq));
      }),
    reject: (seq: EditorSeq, no: number, reason: string) =>
      saves.run(async () => {
        await releasesApi.reject(seq.id, no, reason);
        notifyInfo(RELEASE_TEXTS.rejected(seq.name, no));
        await reloadReleases(current(seq));
      }),
  };
}
