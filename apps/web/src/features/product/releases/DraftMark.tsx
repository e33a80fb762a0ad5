import type { ReleaseMark } from '@sweepline/domain';
import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useMemo, type CSSProperties } from 'react';
import { releaseMarksAtom } from './releases.atoms';
import { RELEASE_TEXTS } from './release-texts';

/** A small hollow dot: no text, so the row's text and its option's name stay the specification's. */
export const DRAFT_DOT: CSSProperties = {
  display: 'inline-block',
  flexShrink: 0,
  width: 8,
  height: 8,
  borderRadius: '50%',
  border: '2px solid var(--mantine-color-orange-filled)',
  alignSelf: 'center',
};

/**
 * What the mark says of a test whose draft differs from its newest release that is not rejected
 * (a rejected one is as if it had not been made), or undefined for none.
 */
export function draftMarkText(mark: Pick<ReleaseMark, 'draftDiffers' | 'newestNo'>) {
  if (!mark.draftDiffers) return undefined;
  return mark.newestNo === null ? RELEASE_TEXTS.neverReleased : RELEASE_TEXTS.draftDiffers(mark.newestNo);
}

/**
 * The tests column's mark beside the asterisk: the draft differs from the newest release. Its own
 * subscriber, so a mark arriving re-renders only itself, not the memoised rows.
 */
export function DraftMark({ seqId }: { seqId: number }) {
  const text = useAtomValue(
    useMemo(
      () =>
        selectAtom(releaseMarksAtom, (all) => {
          const known = all[seqId];
          return known ? draftMarkText(known.mark) : undefined;
        }),
      [seqId],
    ),
  );
  if (!text) return null;
  return <span role="img" aria-label={text} title={text} style={DRAFT_DOT} />;
}
