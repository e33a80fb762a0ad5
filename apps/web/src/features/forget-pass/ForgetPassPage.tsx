import { TextInput } from '@mantine/core';
import { EMAIL_MAX_LENGTH, emailError } from '@sweepline/domain';
import { FormActions, FormPage, textField, useFormState, type Rules } from '@sweepline/ui';
import { useNavigate, useSearchParams } from 'react-router';
import { AppVerificationField, verifiedRule } from '../../app/AppVerificationField';
import { useForgetPass } from '../../app/useIdentityCalls';
import { TEXTS } from '../../app/texts';
import { useResultSubmit } from '../../app/useResultSubmit';

interface ForgetValues {
  email: string;
  verified: boolean;
}

const RULES: Rules<ForgetValues> = {
  email: (email) => emailError(email),
  verified: verifiedRule,
};

/** Forgotten password (docs/requirements/identity.md#forgotten-password, docs/requirements/identity.md#failures): the e-mail comes from the query. */
export function ForgetPassPage() {
  const [params] = useSearchParams();
  const form = useFormState<ForgetValues>({ email: params.get('email') ?? '', verified: false }, RULES);
  const navigate = useNavigate();
  const forgetPass = useForgetPass();
  const result = useResultSubmit(form, {
    call: () => forgetPass(form.values.email),
    success: { title: TEXTS.forgetPassSent, message: TEXTS.forgetPassCheckMail },
    failureTitle: TEXTS.error,
    onClose: (ok) => {
      if (ok) void navigate('/');
    },
  });

  return (
    <>
      <FormPage title="Forgot Password" onSubmit={result.submit}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
          {...textField(form, 'email')}
        />
        <AppVerificationField form={form} />
        <FormActions submitLabel="Send Email" onCancel={() => void navigate('/')} />
      </FormPage>
      {result.dialog}
    </>
  );
}
