import { MSG } from '@sweepline/domain';
import { badRequest } from '../common/api-error';
import { AuthContext } from './auth-context';
import { SessionService } from './session.service';

/** Refuses with the first message of the domain's checks, given in the order of the form's fields. */
export function refuseFirst(...messages: (string | undefined)[]): void {
  const message = messages.find((m) => m !== undefined);
  if (message !== undefined) throw badRequest(message);
}

/** DESIGN.md: log-in, sign-up and forgotten password need a fresh verification of the session. */
export async function requireVerification(sessions: SessionService, auth: AuthContext): Promise<void> {
  if (!(await sessions.consumeVerification(auth.sessionId))) throw badRequest(MSG.completeVerification);
}

/** Rate-limit keys: one counter per kind of attempt, per client address and per e-mail. */
export const limitKey = {
  loginAddress: (address: string) => `login:address:${address}`,
  loginEmail: (email: string) => `login:email:${email.toLowerCase()}`,
  mailAddress: (address: string) => `mail:address:${address}`,
  mailEmail: (email: string) => `mail:email:${email.toLowerCase()}`,
  passwordChange: (userId: number) => `password:user:${userId}`,
};
