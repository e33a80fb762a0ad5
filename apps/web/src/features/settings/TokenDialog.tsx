import { Role, nameError, type UserFields } from '@sweepline/domain';
import { FormDialog, useFormState, type Rules } from '@sweepline/ui';
import { NameField } from './NameField';
import { RoleChoice } from './RoleChoice';

const RULES: Rules<UserFields> = { name: (name) => nameError(name) };

/** A new API token: its name and the role it acts with (docs/requirements/identity.md#api-tokens: Editor or Operator). */
export function TokenDialog({
  onSave,
  onCancel,
}: {
  onSave: (token: UserFields) => void;
  onCancel: () => void;
}) {
  const form = useFormState<UserFields>({ name: '', role: Role.Operator }, RULES);
  return (
    <FormDialog
      title="Create API Token"
      form={form}
      submitLabel="Create"
      onValid={() => onSave({ ...form.values, name: form.values.name.trim() })}
      onCancel={onCancel}
    >
      <NameField form={form} />
      <RoleChoice value={form.values.role} onChange={(role) => form.set('role', role)} />
    </FormDialog>
  );
}
