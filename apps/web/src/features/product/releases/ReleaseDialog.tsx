import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { RELEASE_MSG, type EditorSeq } from '@sweepline/domain';
import { useFormState } from '@sweepline/ui';
import { useAtomValue } from 'jotai';
import type { FormEvent } from 'react';
import { DiffPanel } from './DiffPanel';
import { NoteField, noteRules, type NoteValues } from './NoteDialog';
import { knownReleasesAtom, markOf } from './releases.atoms';
import { RELEASE_TEXTS } from './release-texts';
import { useReleaseDiff } from './useReleaseDiff';

/**
 * Release: what the draft changes against the newest release (the server's diff), a note of 1-500
 * characters, and the next release. A draft equal to the newest release has nothing to release.
 */
export function ReleaseDialog({
  seq,
  onRelease,
  onCancel,
}: {
  seq: EditorSeq;
  onRelease: (note: string) => void;
  onCancel: () => void;
}) {
  const known = useAtomValue(knownReleasesAtom)[seq.id]?.releases;
  // numbers count every release; the draft is compared with the newest that is not rejected
  const newest = known?.releases[0];
  const compared = known ? markOf(known).newestNo : null;
  const diff = useReleaseDiff(seq.id, compared ?? undefined, 'draft', known);
  const form = useFormState<NoteValues>({ note: '' }, noteRules());
  const nothingNew =
    known && compared !== null && !known.draftDiffers
      ? RELEASE_MSG.nothingNew(seq.name, compared)
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!nothingNew && form.validate()) onRelease(form.values.note.trim());
  };

  return (
    <Modal
      opened
      onClose={onCancel}
      title={RELEASE_TEXTS.releaseTitle}
      size="xl"
      centered
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fz="sm">
            {newest
              ? RELEASE_TEXTS.nextRelease(newest.no + 1, seq.name)
              : RELEASE_TEXTS.firstRelease(seq.name)}
          </Text>
          {nothingNew ? (
            <Alert color="blue" role="status">
              {nothingNew}
            </Alert>
          ) : (
            compared !== null && <DiffPanel diff={diff} />
          )}
          <NoteField form={form} label={RELEASE_TEXTS.note} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={nothingNew !== undefined}>
              {RELEASE_TEXTS.release}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
