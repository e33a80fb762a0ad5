import { MSG } from '@sweepline/domain';
import { VerificationField, notifyError, type FormState } from '@sweepline/ui';
import { useVerification } from './useIdentityCalls';

/** The values of a form that asks for the human verification (log-in, sign-up, forgotten password). */
export interface VerifiedValues {
  verified: boolean;
}

/** The form rule: the API refuses these calls without a fresh verification (docs/api/identity.md). */
export const verifiedRule = (verified: boolean): string | undefined =>
  verified ? undefined : MSG.completeVerification;

/** The form's verification field, fetching and confirming its challenge through the app's client. */
export function AppVerificationField<V extends VerifiedValues>({ form }: { form: FormState<V> }) {
  const verification = useVerification();
  return (
    <VerificationField
      verified={form.values.verified}
      onVerifiedChange={(verified) => form.set('verified', verified as V['verified'])}
      error={form.errors.verified}
      loadChallenge={verification.challenge}
      confirm={async (ticket, randstr) => {
        await verification.verify(ticket, randstr);
      }}
      onFailure={notifyError}
    />
  );
}
