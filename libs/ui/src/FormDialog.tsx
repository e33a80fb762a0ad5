import { Modal, Stack } from '@mantine/core';
import { FormActions } from './FormActions';
import type { FormState } from './useFormState';
import type { FormEvent, ReactNode } from 'react';

export interface FormDialogProps<V> {
  title: string;
  form: FormState<V>;
  submitLabel: string;
  /** Called on submit once every rule of the form passes. */
  onValid: () => void;
  onCancel: () => void;
  children: ReactNode;
  /** A submit under way (a file uploading): shown on the button, and Enter does not send it again. */
  busy?: boolean;
}

/**
 * The frame of the form dialogs of Settings and the test editor (docs/requirements/accounts-and-users.md): Enter in a field submits, the
 * form is checked before `onValid`, and a click outside does not close it.
 */
export function FormDialog<V>({
  title,
  form,
  submitLabel,
  onValid,
  onCancel,
  children,
  busy = false,
}: FormDialogProps<V>) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && form.validate()) onValid();
  };
  return (
    <Modal opened onClose={onCancel} title={title} centered closeOnClickOutside={false}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {children}
          <FormActions submitLabel={submitLabel} onCancel={onCancel} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
