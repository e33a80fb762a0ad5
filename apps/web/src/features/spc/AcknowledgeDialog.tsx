import { Alert, Text } from '@mantine/core';
import { SPC_MSG, type SpcAlarm } from '@sweepline/domain';
import { FormDialog, useFormState } from '@sweepline/ui';
import { useState } from 'react';
import { reportFailure } from '../../app/api-client';
import { NoteField, noteRules, type NoteValues } from '../product/releases/NoteDialog';

/**
 * Acknowledge an alarm (docs/web.md, "SPC alarms"): a note of what was found and done is
 * required, by the rule of a release's note; a refusal (acknowledged by someone else meanwhile)
 * stays in the dialog.
 */
export function AcknowledgeDialog({
  alarm,
  onAcknowledge,
  onClose,
}: {
  alarm: SpcAlarm;
  /** Rejects with the server's refusal. */
  onAcknowledge: (note: string) => Promise<void>;
  onClose: () => void;
}) {
  const form = useFormState<NoteValues>({ note: '' }, noteRules(SPC_MSG.note));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const send = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await onAcknowledge(form.values.note.trim());
      onClose();
    } catch (error) {
      reportFailure(error, setRefusal);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="Acknowledge SPC Alarm"
      form={form}
      submitLabel="Acknowledge"
      busy={busy}
      onValid={() => void send()}
      onCancel={onClose}
    >
      <Text size="sm">
        {alarm.step} of {alarm.seqName}: {alarm.violationCount}{' '}
        {alarm.violationCount === 1 ? 'violation' : 'violations'}. The step&apos;s next violation opens a new
        alarm.
      </Text>
      <NoteField form={form} label="What was found and done" />
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
    </FormDialog>
  );
}
