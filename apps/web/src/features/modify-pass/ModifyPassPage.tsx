import { PasswordInput } from '@mantine/core';
import {
  CHANGE_PASSWORD_CONFIRM,
  LIMITS,
  MSG,
  confirmPasswordError,
  passwordError,
  requiredPasswordError,
} from '@sweepline/domain';
import { FormActions, FormPage, NewPasswordInputs, textField, useFormState, type Rules } from '@sweepline/ui';
import { useChangePass } from '../../app/useIdentityCalls';
import { useGoBack } from '../../app/useGoBack';
import { useResultSubmit } from '../../app/useResultSubmit';

interface ChangeValues {
  current: string;
  password: string;
  confirm: string;
}

const EMPTY: ChangeValues = { current: '', password: '', confirm: '' };

/** docs/requirements/identity.md#password-rule: change password. */
const RULES: Rules<ChangeValues> = {
  current: (current) => requiredPasswordError(current, MSG.enterCurrentPassword),
  password: (password) => passwordError(password, MSG.enterNewPassword),
  confirm: (confirm, values) => confirmPasswordError(values.password, confirm, CHANGE_PASSWORD_CONFIRM),
};

/** Change Password (docs/requirements/identity.md#reset-password, docs/requirements/identity.md#failures): success goes back; failure resets the form. */
export function ModifyPassPage() {
  const form = useFormState(EMPTY, RULES, { password: ['confirm'] });
  const goBack = useGoBack();
  const changePass = useChangePass();
  const result = useResultSubmit(form, {
    call: () => changePass(form.values.current, form.values.password),
    success: { title: MSG.passwordUpdated, message: MSG.rememberNewPassword },
    failureTitle: MSG.failedToChangePassword,
    onClose: (ok) => ok && goBack(),
  });

  return (
    <>
      <FormPage title="Change Password" onSubmit={result.submit}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          maxLength={LIMITS.passwordMaxLength}
          {...textField(form, 'current')}
        />
        <NewPasswordInputs form={form} label="New password" confirmLabel="Confirm new password" />
        <FormActions submitLabel="Change" onCancel={goBack} />
      </FormPage>
      {result.dialog}
    </>
  );
}
