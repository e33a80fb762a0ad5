import { Button, Group, TextInput } from '@mantine/core';
import { EMAIL_MAX_LENGTH, MSG, emailError } from '@sweepline/domain';
import { FormPage, textField, useFormState, useMessageDialog, type Rules } from '@sweepline/ui';
import { useNavigate, useSearchParams } from 'react-router';
import { reportFailure } from '../../app/api-client';
import { AppVerificationField } from '../../app/AppVerificationField';
import { identityApi } from '../../app/identity.api';
import { TEXTS } from '../../app/texts';

interface ForgetValues {
  email: string;
  verified: boolean;
}

const RULES: Rules<ForgetValues> = {
  email: (email) => emailError(email),
  verified: (verified) => (verified ? undefined : MSG.completeVerification),
};

/** Forgotten password (spec 2 sections 2 and 8): the e-mail comes from the query. */
export function ForgetPassPage() {
  const [params] = useSearchParams();
  const form = useFormState<ForgetValues>({ email: params.get('email') ?? '', verified: false }, RULES);
  const navigate = useNavigate();
  const result = useMessageDialog((ok) => ok && navigate('/'));

  const submit = async () => {
    if (!form.validate()) return;
    try {
      await identityApi.forgetPass(form.values.email);
      result.show(TEXTS.forgetPassSent, TEXTS.forgetPassCheckMail, true);
    } catch (error) {
      form.reset();
      reportFailure(error, (message) => result.show(TEXTS.error, message, false));
    }
  };

  return (
    <>
      <FormPage title="Forgotten Password" onSubmit={submit}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          required
          {...textField(form, 'email')}
        />
        <AppVerificationField
          verified={form.values.verified}
          onVerifiedChange={(verified) => form.set('verified', verified)}
          error={form.errors.verified}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/')}>
            Cancel
          </Button>
          <Button type="submit">Send Email</Button>
        </Group>
      </FormPage>
      {result.dialog}
    </>
  );
}
