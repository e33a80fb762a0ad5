import { TextInput } from '@mantine/core';
import { LIMITS } from '@sweepline/domain';
import { textField, type FormState } from '@sweepline/ui';

/**
 * The required name field every Settings dialog opens with: the shared length limit, and the
 * focus when the dialog opens (Mantine's data-autofocus).
 */
export function NameField<V extends { name: string }>({
  form,
  label = 'Name',
}: {
  form: FormState<V>;
  label?: string;
}) {
  return (
    <TextInput
      label={label}
      maxLength={LIMITS.nameLength}
      data-autofocus
      required
      {...textField(form, 'name')}
    />
  );
}
