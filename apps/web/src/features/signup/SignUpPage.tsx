import { TextInput } from '@mantine/core';
import {
  EMAIL_MAX_LENGTH,
  LIMITS,
  MSG,
  confirmPasswordError,
  emailError,
  nameError,
  passwordError,
} from '@sweepline/domain';
import { FormActions, FormPage, NewPasswordInputs, textField, useFormState, type Rules } from '@sweepline/ui';
import { useNavigate } from 'react-router';
import { AppVerificationField, verifiedRule } from '../../app/AppVerificationField';
import { TEXTS } from '../../app/texts';
import { useGoBack } from '../../app/useGoBack';
import { useSignUp } from '../../app/useIdentityCalls';
import { useResultSubmit } from '../../app/useResultSubmit';

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

/** docs/requirements/identity.md#field-rules, in the order the API checks them. */
const RULES: Rules<SignUpValues> = {
  accountName: (name) => nameError(name),
  email: (email) => emailError(email),
  verified: verifiedRule,
  password: (password) => passwordError(password),
  confirm: (confirm, values) => confirmPasswordError(values.password, confirm),
  managerName: (name) => nameError(name),
};

/** Sign Up (docs/requirements/identity.md#sign-up, docs/requirements/identity.md#failures): a success dialog then home; a failure dialog and a reset form. */
export function SignUpPage() {
  const form = useFormState(EMPTY, RULES, { password: ['confirm'] });
  const navigate = useNavigate();
  const signUp = useSignUp();
  const result = useResultSubmit(form, {
    call: () => {
      const { accountName, email, password, managerName } = form.values;
      return signUp({
        account_name: accountName.trim(),
        email,
        password,
        manager_name: managerName.trim(),
      });
    },
    success: { title: MSG.signedUpSuccessfully, message: TEXTS.signUpCheckMail },
    failureTitle: MSG.failedToSignUp,
    onClose: (ok) => {
      if (ok) void navigate('/');
    },
  });
  const goBack = useGoBack();

  return (
    <>
      <FormPage title="Sign Up for Free Trial" onSubmit={result.submit}>
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
        <AppVerificationField form={form} />
        <NewPasswordInputs form={form} label="Manager password" confirmLabel="Confirm password" />
        <TextInput
          label="Manager name"
          maxLength={LIMITS.nameLength}
          required
          {...textField(form, 'managerName')}
        />
        <FormActions submitLabel="Create Account" onCancel={goBack} />
      </FormPage>
      {result.dialog}
    </>
  );
}
