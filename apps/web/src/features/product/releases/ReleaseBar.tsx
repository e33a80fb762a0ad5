import { Button, Group, Stack, Text } from '@mantine/core';
import { incompleteReason, RELEASE_MSG, type EditorSeq } from '@sweepline/domain';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { readOnlyAtom } from '../product.atoms';
import { DRAFT_DOT, draftMarkText } from './DraftMark';
import { releaseMarksAtom } from './releases.atoms';
import { RELEASE_TEXTS } from './release-texts';

/** Why a test cannot be released yet, or undefined when its draft is complete. */
export function notReleasableReason(seq: EditorSeq): string | undefined {
  return seq.isCompleted ? undefined : RELEASE_MSG.notComplete(seq.name, incompleteReason(seq.steps));
}

/**
 * The selected test's releases under the tests list: which release runs and whether the draft
 * moved on, Release (editors and managers; disabled with the reason while the draft is
 * incomplete) and the list (everyone). Kept out of the test tools so the specification's toolbar
 * stays as it is.
 */
export function ReleaseBar({
  seq,
  onRelease,
  onList,
}: {
  seq: EditorSeq | undefined;
  onRelease: () => void;
  onList: () => void;
}) {
  const readOnly = useAtomValue(readOnlyAtom);
  const known = useAtomValue(releaseMarksAtom)[seq?.id ?? -1]?.mark;
  const reasonId = useId();
  if (!seq) return null;
  const reason = readOnly ? undefined : notReleasableReason(seq);
  const runs =
    known && (known.runnableNo === null ? RELEASE_TEXTS.noneRuns : RELEASE_TEXTS.runs(known.runnableNo));
  const draft = known && draftMarkText(known);
  return (
    <Stack
      gap={4}
      role="group"
      aria-label={`Releases of ${seq.name}`}
      pt={4}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {runs ? (
        <Text fz="xs" c="dimmed">
          {runs}.
          {draft && (
            <>
              {' '}
              {/* the dot of the tests' rows, so the row's mark reads as this sentence */}
              <span aria-hidden style={{ ...DRAFT_DOT, verticalAlign: 'middle' }} /> {draft}.
            </>
          )}
        </Text>
      ) : (
        // the line's place while the marks are asked (in the background, after the editor's
        // answer): appearing, it pushed the columns under the tests down on a phone (a layout shift)
        <Text fz="xs" aria-hidden>
          {'\u00a0'}
        </Text>
      )}
      {reason && (
        <Text id={reasonId} fz="xs" c="dimmed" lineClamp={3} title={reason}>
          {reason}
        </Text>
      )}
      <Group gap={4} justify="flex-end">
        {!readOnly && (
          <Button
            size="compact-xs"
            disabled={reason !== undefined}
            aria-describedby={reason ? reasonId : undefined}
            onClick={onRelease}
          >
            {RELEASE_TEXTS.releaseButton}
          </Button>
        )}
        <Button size="compact-xs" variant="default" onClick={onList}>
          {RELEASE_TEXTS.listButton}
        </Button>
      </Group>
    </Stack>
  );
}
