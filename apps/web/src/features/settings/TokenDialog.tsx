import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { LIMITS, Role, nameError } from '@sweepline/domain';
import { textField, useFormState, type Rules } from '@sweepline/ui';
import type { FormEvent } from 'react';
import { RoleChoice } from './RoleChoice';
import type { UserFields } from './settings.api';

const RULES: Rules<UserFields> = { name: (name) => nameError(name) };

/** A new API token: its name and the role it acts with (DESIGN.md: Editor or Operator). */
export function TokenDialog({
  onSave,
  onCancel,
}: {
  onSave: (token: UserFields) => void;
  onCancel: () => void;
}) {
  const form = useFormState<UserFields>({ name: '', role: Role.Operator }, RULES);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate()) onSave({ ...form.values, name: form.values.name.trim() });
  };
  return (
    <Modal opened onClose={onCancel} title="Create API Token" centered closeOnClickOutside={false}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            maxLength={LIMITS.nameLength}
            data-autofocus
            required
            {...textField(form, 'name')}
          />
          <RoleChoice value={form.values.role} onChange={(role) => form.set('role', role)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Create</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
