import { useAtomValue } from 'jotai';
import { useBehindSignIn } from '../login-checked';
import { signedInAtom } from '../session.atoms';

/**
 * Whether the header offers Log In and Sign Up: to a signed-out visitor, but not on a screen
 * behind the sign-in while its login state is asked. Nearly everyone there is signed in (who is
 * not goes to /login), so the page made at build time, and the first render, leave the place
 * empty until the session answers instead of offering a signed-in user to log in.
 */
export function useSignedOutLinksShown(): boolean {
  const signedIn = useAtomValue(signedInAtom);
  const behindSignIn = useBehindSignIn();
  return !signedIn && !behindSignIn;
}
