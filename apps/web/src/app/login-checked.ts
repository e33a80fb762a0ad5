import { createContext, useContext } from 'react';

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
