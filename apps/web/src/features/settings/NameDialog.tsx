import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { LIMITS, nameError } from '@sweepline/domain';
import { textField, useFormState, type Rules } from '@sweepline/ui';
import type { FormEvent } from 'react';

const RULES: Rules<{ name: string }> = { name: (name) => nameError(name) };

export interface NameDialogProps {
  title: string;
  label: string;
  initial: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** Changes the account's or the manager's name: the shared name rule, sent trimmed. */
export function NameDialog({ title, label, initial, onSave, onCancel }: NameDialogProps) {
  const form = useFormState({ name: initial }, RULES);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate()) onSave(form.values.name.trim());
  };
  return (
    <Modal opened onClose={onCancel} title={title} centered closeOnClickOutside={false}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={label}
            maxLength={LIMITS.nameLength}
            data-autofocus
            required
            {...textField(form, 'name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
