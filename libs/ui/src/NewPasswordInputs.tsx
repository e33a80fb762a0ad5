import { PasswordInput } from '@mantine/core';
import { LIMITS } from '@sweepline/domain';
import { textField, type FormState } from './useFormState';

/** The fields of a form that sets a new password. */
export interface NewPasswordValues {
  password: string;
  confirm: string;
}

export interface NewPasswordInputsProps<V extends NewPasswordValues> {
  form: FormState<V>;
  label: string;
  confirmLabel: string;
}

/**
 * A new password typed twice (sign-up, reset and change password); `new-password` lets the
 * browser offer to generate and save it.
 */
export function NewPasswordInputs<V extends NewPasswordValues>({
  form,
  label,
  confirmLabel,
}: NewPasswordInputsProps<V>) {
  const field = (name: keyof NewPasswordValues, fieldLabel: string) => (
    <PasswordInput
      label={fieldLabel}
      autoComplete="new-password"
      required
      maxLength={LIMITS.passwordMaxLength}
      {...textField(form, name)}
    />
  );
  return (
    <>
      {field('password', label)}
      {field('confirm', confirmLabel)}
    </>
  );
}
