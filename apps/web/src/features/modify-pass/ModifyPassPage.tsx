import { Button, Group, PasswordInput } from '@mantine/core';
import {
  CHANGE_PASSWORD_CONFIRM,
  MSG,
  confirmPasswordError,
  passwordError,
  requiredPasswordError,
} from '@sweepline/domain';
import { FormPage, textField, useFormState, useMessageDialog, type Rules } from '@sweepline/ui';
import { reportFailure } from '../../app/api-client';
import { identityApi } from '../../app/identity.api';
import { useGoBack } from '../../app/useGoBack';

interface ChangeValues {
  current: string;
  password: string;
  confirm: string;
}

const EMPTY: ChangeValues = { current: '', password: '', confirm: '' };

/** Spec 2 section 5: change password. */
const RULES: Rules<ChangeValues> = {
  current: (current) => requiredPasswordError(current, MSG.enterCurrentPassword),
  password: (password) => passwordError(password, MSG.enterNewPassword),
  confirm: (confirm, values) => confirmPasswordError(values.password, confirm, CHANGE_PASSWORD_CONFIRM),
};

/** Change Password (spec 2 sections 2 and 8): success goes back; failure resets the form. */
export function ModifyPassPage() {
  const form = useFormState(EMPTY, RULES, { password: ['confirm'] });
  const goBack = useGoBack();
  const result = useMessageDialog((ok) => ok && goBack());

  const submit = async () => {
    if (!form.validate()) return;
    try {
      await identityApi.changePass(form.values.current, form.values.password);
      result.show(MSG.passwordUpdated, MSG.rememberNewPassword, true);
    } catch (error) {
      form.reset();
      reportFailure(error, (message) => result.show(MSG.failedToChangePassword, message, false));
    }
  };

  return (
    <>
      <FormPage title="Change Password" onSubmit={submit}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...textField(form, 'current')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...textField(form, 'password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...textField(form, 'confirm')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={goBack}>
            Cancel
          </Button>
          <Button type="submit">Change</Button>
        </Group>
      </FormPage>
      {result.dialog}
    </>
  );
}
