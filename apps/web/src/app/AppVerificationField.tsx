import { VerificationField, notifyError } from '@sweepline/ui';
import { identityApi } from './identity.api';

export interface AppVerificationFieldProps {
  verified: boolean;
  onVerifiedChange: (verified: boolean) => void;
  error?: string;
}

/** The verification field fetching and confirming its challenge through the app's client. */
export function AppVerificationField(props: AppVerificationFieldProps) {
  return (
    <VerificationField
      {...props}
      loadChallenge={identityApi.challenge}
      confirm={async (ticket, randstr) => {
        await identityApi.verify(ticket, randstr);
      }}
      onFailure={notifyError}
    />
  );
}
