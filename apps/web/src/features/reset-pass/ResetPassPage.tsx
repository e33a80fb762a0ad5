import { Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { confirmPasswordError, passwordError } from '@sweepline/domain';
import { FormPage, textField, useFormState, useMessageDialog, type Rules } from '@sweepline/ui';
import { useNavigate, useSearchParams } from 'react-router';
import { reportFailure } from '../../app/api-client';
import { identityApi } from '../../app/identity.api';
import { TEXTS } from '../../app/texts';

interface ResetValues {
  password: string;
  confirm: string;
}

/** Spec 2 section 5: the sign-up rules. */
const RULES: Rules<ResetValues> = {
  password: (password) => passwordError(password),
  confirm: (confirm, values) => confirmPasswordError(values.password, confirm),
};

/**
 * Reset Password, the e-mailed link /ResetPass?email=&code= (spec 2 sections 2 and 8): both
 * the success and the error dialog go home.
 */
export function ResetPassPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const form = useFormState<ResetValues>({ password: '', confirm: '' }, RULES, { password: ['confirm'] });
  const navigate = useNavigate();
  const result = useMessageDialog(() => navigate('/'));

  const submit = async () => {
    if (!form.validate()) return;
    try {
      await identityApi.resetPass(email, form.values.password, code);
      result.show(TEXTS.passwordChanged, TEXTS.passwordChangedFor(email), true);
    } catch (error) {
      reportFailure(error, (message) => result.show(TEXTS.error, message, false));
    }
  };

  return (
    <>
      <FormPage title="Reset Password" onSubmit={submit}>
        <TextInput label="Email" value={email} readOnly />
        <TextInput label="Code" value={code} readOnly />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...textField(form, 'password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...textField(form, 'confirm')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/')}>
            Cancel
          </Button>
          <Button type="submit">Change Password</Button>
        </Group>
      </FormPage>
      {result.dialog}
    </>
  );
}
