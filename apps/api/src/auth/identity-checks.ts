import type { FieldCheck } from '@sweepline/domain';
import { fieldErrors, MSG, Refused } from '@sweepline/domain';
import { refuseFirst } from '../common/refusals';
import type { AuthContext } from './auth-context';
import type { SessionService } from './session.service';

/**
 * Refuses with the first failing check of a form, in the order of its fields, as
 * 'field: message' like every other refusal of the API (common/refusals.ts).
 */
export function refuseFirstField(...checks: FieldCheck[]): void {
  refuseFirst(fieldErrors(checks));
}

/** docs/requirements/identity.md#human-verification: log-in, sign-up and forgotten password need a fresh verification of the session. */
export async function requireVerification(sessions: SessionService, auth: AuthContext): Promise<void> {
  if (!(await sessions.consumeVerification(auth.sessionId))) throw new Refused(MSG.completeVerification);
}

/** Rate-limit keys: one counter per kind of attempt, per client address and per e-mail. */
export const limitKey = {
  loginAddress: (address: string) => `login:address:${address}`,
  loginEmail: (email: string) => `login:email:${email.toLowerCase()}`,
  mailAddress: (address: string) => `mail:address:${address}`,
  mailEmail: (email: string) => `mail:email:${email.toLowerCase()}`,
  passwordChange: (userId: number) => `password:user:${userId}`,
  userAdds: (accountId: number) => `users:add:account:${accountId}`,
};
