import { Button, Group, PasswordInput, TextInput } from '@mantine/core';
import {
  EMAIL_MAX_LENGTH,
  LIMITS,
  MSG,
  confirmPasswordError,
  emailError,
  nameError,
  passwordError,
} from '@sweepline/domain';
import { FormPage, textField, useFormState, useMessageDialog, type Rules } from '@sweepline/ui';
import { useNavigate } from 'react-router';
import { reportFailure } from '../../app/api-client';
import { AppVerificationField } from '../../app/AppVerificationField';
import { identityApi } from '../../app/identity.api';
import { TEXTS } from '../../app/texts';
import { useGoBack } from '../../app/useGoBack';

interface SignUpValues {
  accountName: string;
  email: string;
  verified: boolean;
  password: string;
  confirm: string;
  managerName: string;
}

const EMPTY: SignUpValues = {
  accountName: '',
  email: '',
  verified: false,
  password: '',
  confirm: '',
  managerName: '',
};

/** Spec 2 section 5, in the order the API checks them. */
const RULES: Rules<SignUpValues> = {
  accountName: (name) => nameError(name),
  email: (email) => emailError(email),
  verified: (verified) => (verified ? undefined : MSG.completeVerification),
  password: (password) => passwordError(password),
  confirm: (confirm, values) => confirmPasswordError(values.password, confirm),
  managerName: (name) => nameError(name),
};

/** Sign Up (spec 2 sections 2 and 8): a success dialog then home; a failure dialog and a reset form. */
export function SignUpPage() {
  const form = useFormState(EMPTY, RULES, { password: ['confirm'] });
  const navigate = useNavigate();
  const result = useMessageDialog((ok) => ok && navigate('/'));
  const goBack = useGoBack();

  const submit = async () => {
    if (!form.validate()) return;
    const { accountName, email, password, managerName } = form.values;
    try {
      await identityApi.signup({
        account_name: accountName.trim(),
        email,
        password,
        manager_name: managerName.trim(),
      });
      result.show(MSG.signedUpSuccessfully, TEXTS.signUpCheckMail, true);
    } catch (error) {
      form.reset();
      reportFailure(error, (message) => result.show(MSG.failedToSignUp, message, false));
    }
  };

  return (
    <>
      <FormPage title="Sign Up for Free Trial" onSubmit={submit}>
        <TextInput
          label="Account name"
          maxLength={LIMITS.nameLength}
          required
          {...textField(form, 'accountName')}
        />
        <TextInput
          label="Manager email"
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
        <PasswordInput
          label="Manager password"
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
        <TextInput
          label="Manager name"
          maxLength={LIMITS.nameLength}
          required
          {...textField(form, 'managerName')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={goBack}>
            Cancel
          </Button>
          <Button type="submit">Create Account</Button>
        </Group>
      </FormPage>
      {result.dialog}
    </>
  );
}
