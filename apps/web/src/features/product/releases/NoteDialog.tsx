import { Textarea } from '@mantine/core';
import { releaseNoteError, RELEASE_LIMITS, RELEASE_MSG } from '@sweepline/domain';
import { FormDialog, textField, useFormState, type FormState, type Rules } from '@sweepline/ui';
import type { ReactNode } from 'react';

export interface NoteValues {
  note: string;
}

/** The rule of a release's note, or with `RELEASE_MSG.reason` of a rejection's reason: 1-500 characters. */
export const noteRules = (message: string = RELEASE_MSG.note): Rules<NoteValues> => ({
  note: (note) => releaseNoteError(note, message),
});

/** The note (or reason) field: its error under it, the characters used as its description. */
export function NoteField({ form, label }: { form: FormState<NoteValues>; label: string }) {
  return (
    <Textarea
      label={label}
      required
      data-autofocus
      autosize
      minRows={2}
      maxRows={6}
      description={`${form.values.note.trim().length} / ${RELEASE_LIMITS.noteChars}`}
      {...textField(form, 'note')}
    />
  );
}

/** Asks for a note or a reason (a rollback's note, a rejection's reason), then hands it over trimmed. */
export function NoteDialog({
  title,
  label,
  message,
  submitLabel,
  intro,
  onSubmit,
  onCancel,
}: {
  title: string;
  label: string;
  /** What the rule says when the text is empty or too long. */
  message?: string;
  submitLabel: string;
  intro?: ReactNode;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const form = useFormState<NoteValues>({ note: '' }, noteRules(message));
  return (
    <FormDialog
      title={title}
      form={form}
      submitLabel={submitLabel}
      onValid={() => onSubmit(form.values.note.trim())}
      onCancel={onCancel}
    >
      {intro}
      <NoteField form={form} label={label} />
    </FormDialog>
  );
}
