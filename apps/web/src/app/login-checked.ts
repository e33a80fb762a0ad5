import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';

/**
 * Whether RequireLogin's check of the login state has let its routes open: false from the first
 * render until GET /login_state names a signed-in user. Outside RequireLogin (the public
 * screens) nothing is waited for, hence true.
 */
export const LoginCheckedContext = createContext(true);

/** See LoginCheckedContext. */
export function useLoginChecked(): boolean {
  return useContext(LoginCheckedContext);
}

/** The handle of RequireLogin's route, by which the header knows a screen is behind the sign-in. */
export const BEHIND_SIGN_IN = { behindSignIn: true } as const;

/** Whether the current screen is under RequireLogin's route (its handle is BEHIND_SIGN_IN). */
export function useBehindSignIn(): boolean {
  return useMatches().some((match) => match.handle === BEHIND_SIGN_IN);
}
