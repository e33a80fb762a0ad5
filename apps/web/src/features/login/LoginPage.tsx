import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { EMAIL_MAX_LENGTH, emailError, LIMITS, requiredPasswordError } from '@sweepline/domain';
import { FormActions, FormPage, notifyError, textField, useFormState, type Rules } from '@sweepline/ui';
import { Link, useNavigate } from 'react-router';
import { reportFailure } from '../../app/api-client';
import { AppVerificationField, verifiedRule } from '../../app/AppVerificationField';
import { useGoBack } from '../../app/useGoBack';
import { useLogIn } from '../../app/useIdentityCalls';

interface LoginValues {
  email: string;
  verified: boolean;
  password: string;
}

const RULES: Rules<LoginValues> = {
  email: (email) => emailError(email),
  verified: verifiedRule,
  password: (password) => requiredPasswordError(password),
};

/** Log In (docs/requirements/identity.md#log-in): success goes to /product, replacing history. */
export function LoginPage() {
  const form = useFormState<LoginValues>({ email: '', verified: false, password: '' }, RULES);
  const logIn = useLogIn();
  const navigate = useNavigate();
  const goBack = useGoBack();

  const submit = async () => {
    if (!form.validate()) return;
    try {
      await logIn(form.values.email, form.values.password);
      void navigate('/product', { replace: true });
    } catch (error) {
      // one verification buys one attempt (docs/api/identity.md), so it starts again
      form.set('verified', false);
      reportFailure(error, notifyError);
    }
  };

  return (
    <FormPage title="Log In" onSubmit={submit}>
      <TextInput
        label="Email"
        type="email"
        autoComplete="username"
        maxLength={EMAIL_MAX_LENGTH}
        required
        {...textField(form, 'email')}
      />
      <AppVerificationField form={form} />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        required
        maxLength={LIMITS.passwordMaxLength}
        {...textField(form, 'password')}
      />
      <Anchor component={Link} to={`/ForgetPass?email=${encodeURIComponent(form.values.email)}`} size="sm">
        Forgotten password
      </Anchor>
      <FormActions submitLabel="Log In" onCancel={goBack} />
    </FormPage>
  );
}
