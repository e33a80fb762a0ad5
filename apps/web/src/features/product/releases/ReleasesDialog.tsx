import { Divider, Modal, Stack, Text } from '@mantine/core';
import { canEdit, canManageUsers, RELEASE_MSG, type EditorSeq, type SeqReleases } from '@sweepline/domain';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { sessionUserAtom } from '../../../app/session.atoms';
import { CompareSection } from './CompareSection';
import { draftMarkText } from './DraftMark';
import { NoteDialog } from './NoteDialog';
import { knownReleasesAtom, markOf } from './releases.atoms';
import { RELEASE_TEXTS } from './release-texts';
import { ReleasesTable } from './ReleasesTable';

export interface ReleasesDialogActions {
  rollback: (seq: EditorSeq, no: number, note: string) => Promise<boolean>;
  approve: (seq: EditorSeq, no: number) => Promise<boolean>;
  reject: (seq: EditorSeq, no: number, reason: string) => Promise<boolean>;
}

type Asking = { kind: 'rollback' | 'reject'; no: number } | undefined;

/** What runs now and whether the draft moved on since the newest release. */
function Summary({ releases }: { releases: SeqReleases }) {
  const runs =
    releases.runnableNo === null ? RELEASE_TEXTS.noneRuns : RELEASE_TEXTS.runs(releases.runnableNo);
  const mark = markOf(releases);
  const draft =
    draftMarkText(mark) ?? (mark.newestNo === null ? undefined : RELEASE_TEXTS.draftIsRelease(mark.newestNo));
  return (
    <Text fz="sm" role="status">
      {runs}.{draft && ` ${draft}.`}
    </Text>
  );
}

/**
 * A test's releases (any member reads them): the list with states, compare, and for editors
 * "Roll back to release N", for managers Approve and Reject of a waiting one. A refusal (an
 * author approving their own release) shows the server's message in the error alert.
 */
export function ReleasesDialog({
  seq,
  actions,
  onClose,
}: {
  seq: EditorSeq;
  actions: ReleasesDialogActions;
  onClose: () => void;
}) {
  const releases = useAtomValue(knownReleasesAtom)[seq.id]?.releases;
  const role = useAtomValue(sessionUserAtom).role;
  const [asking, setAsking] = useState<Asking>();
  const finish = async (done: Promise<boolean>) => {
    if (await done) setAsking(undefined);
  };

  return (
    <Modal opened onClose={onClose} title={`${RELEASE_TEXTS.listTitle}: ${seq.name}`} size="70rem" centered>
      {releases && (
        <Stack>
          <Summary releases={releases} />
          <ReleasesTable
            releases={releases}
            actions={{
              onRollback: canEdit(role) ? (no) => setAsking({ kind: 'rollback', no }) : undefined,
              onApprove: canManageUsers(role) ? (no) => void actions.approve(seq, no) : undefined,
              onReject: canManageUsers(role) ? (no) => setAsking({ kind: 'reject', no }) : undefined,
            }}
          />
          <Divider />
          <CompareSection seqId={seq.id} releases={releases} />
        </Stack>
      )}
      {asking?.kind === 'rollback' && (
        <NoteDialog
          title={RELEASE_TEXTS.rollBackTitle(asking.no)}
          label={RELEASE_TEXTS.note}
          submitLabel={RELEASE_TEXTS.rollBack(asking.no)}
          onSubmit={(note) => void finish(actions.rollback(seq, asking.no, note))}
          onCancel={() => setAsking(undefined)}
        />
      )}
      {asking?.kind === 'reject' && (
        <NoteDialog
          title={RELEASE_TEXTS.rejectTitle(asking.no)}
          label={RELEASE_TEXTS.reason}
          message={RELEASE_MSG.reason}
          submitLabel={RELEASE_TEXTS.rejectShort}
          onSubmit={(reason) => void finish(actions.reject(seq, asking.no, reason))}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </Modal>
  );
}
