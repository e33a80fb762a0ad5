import { TextInput } from '@mantine/core';
import { confirmPasswordError, passwordError } from '@sweepline/domain';
import { FormActions, FormPage, NewPasswordInputs, useFormState, type Rules } from '@sweepline/ui';
import { useNavigate, useSearchParams } from 'react-router';
import { useResetPass } from '../../app/useIdentityCalls';
import { TEXTS } from '../../app/texts';
import { useResultSubmit } from '../../app/useResultSubmit';

interface ResetValues {
  password: string;
  confirm: string;
}

/** docs/requirements/identity.md#field-rules: the sign-up rules. */
const RULES: Rules<ResetValues> = {
  password: (password) => passwordError(password),
  confirm: (confirm, values) => confirmPasswordError(values.password, confirm),
};

/**
 * Reset Password, the e-mailed link /ResetPass?email=&code= (docs/requirements/identity.md#reset-password, docs/requirements/identity.md#failures): both
 * the success and the error dialog go home.
 */
export function ResetPassPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const form = useFormState<ResetValues>({ password: '', confirm: '' }, RULES, { password: ['confirm'] });
  const navigate = useNavigate();
  // both dialogs go home, so the form is left as typed
  const resetPass = useResetPass();
  const result = useResultSubmit(form, {
    call: () => resetPass(email, form.values.password, code),
    success: { title: TEXTS.passwordChanged, message: TEXTS.passwordChangedFor(email) },
    failureTitle: TEXTS.error,
    onClose: () => void navigate('/'),
    resetOnFailure: false,
  });

  return (
    <>
      <FormPage title="Reset Password" onSubmit={result.submit}>
        <TextInput label="Email" value={email} readOnly />
        <TextInput label="Code" value={code} readOnly />
        <NewPasswordInputs form={form} label="New password" confirmLabel="Confirm password" />
        <FormActions submitLabel="Change Password" onCancel={() => void navigate('/')} />
      </FormPage>
      {result.dialog}
    </>
  );
}
