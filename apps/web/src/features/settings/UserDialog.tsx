import { TextInput } from '@mantine/core';
import { EMAIL_MAX_LENGTH, MSG, Role, emailError, nameError, type UserFields } from '@sweepline/domain';
import { FormDialog, textField, useFormState, type Rules } from '@sweepline/ui';
import { NameField } from './NameField';
import { RoleChoice } from './RoleChoice';
import type { UserDialogState } from './settings.atoms';

interface UserValues {
  name: string;
  email: string;
  role: Role;
}

/** docs/requirements/accounts-and-users.md#user-dialog: the shared name rule; the user dialog's own empty-e-mail message. */
const RULES: Rules<UserValues> = {
  name: (name) => nameError(name),
  email: (email) => emailError(email, MSG.inputEmail),
};

export interface UserDialogProps {
  state: NonNullable<UserDialogState>;
  onSave: (user: UserFields & { email: string }) => void;
  onCancel: () => void;
}

/**
 * Add User or Edit User (docs/requirements/accounts-and-users.md): e-mail read-only when editing, Operator by default
 * when adding, Enter in a field saves, and a click outside does not close it.
 */
export function UserDialog({ state, onSave, onCancel }: UserDialogProps) {
  const editing = state.mode === 'edit' ? state.user : undefined;
  const form = useFormState<UserValues>(
    { name: editing?.name ?? '', email: editing?.email ?? '', role: editing?.role ?? Role.Operator },
    RULES,
  );
  return (
    <FormDialog
      title={editing ? 'Edit User' : 'Add User'}
      form={form}
      submitLabel="Save"
      onValid={() => onSave({ ...form.values, name: form.values.name.trim() })}
      onCancel={onCancel}
    >
      <NameField form={form} />
      <TextInput
        label="Email"
        type="email"
        maxLength={EMAIL_MAX_LENGTH}
        readOnly={editing !== undefined}
        required
        {...textField(form, 'email')}
      />
      <RoleChoice value={form.values.role} onChange={(role) => form.set('role', role)} />
    </FormDialog>
  );
}
