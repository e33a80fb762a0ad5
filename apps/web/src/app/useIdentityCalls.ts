import { useSetAtom } from 'jotai';
import { identityApi } from './identity.api';
import { sessionUserAtom } from './session.atoms';

/**
 * The identity calls of the account pages (docs/api/identity.md), one hook per action, so pages
 * hold no call of their own. Each rejects with the client's error for the page to show its way.
 */

/** Logs in and makes the answer the session user. */
export function useLogIn() {
  const setUser = useSetAtom(sessionUserAtom);
  return async (email: string, password: string) => setUser(await identityApi.login(email, password));
}

export const useSignUp = () => identityApi.signup;
export const useActivate = () => identityApi.activate;
export const useForgetPass = () => identityApi.forgetPass;
export const useResetPass = () => identityApi.resetPass;
export const useChangePass = () => identityApi.changePass;

/** The human verification: an ALTCHA challenge, and its solution confirmed by the API. */
export const useVerification = () => ({ challenge: identityApi.challenge, verify: identityApi.verify });
