import { useAtomValue } from 'jotai';
import { useBehindSignIn } from '../login-checked';
import { signedInAtom } from '../session.atoms';

/** Which of the header's links are drawn now. */
export interface HeaderLinks {
  /** The row of links (the signed-in ones, then those every visitor has). */
  row: boolean;
  /** Log In and Sign Up. */
  signedOut: boolean;
}

/**
 * On a public screen, every link at once, as the session stands. On a screen behind the sign-in,
 * none until the session answers: nearly everyone there is signed in (who is not goes to /login),
 * so the page made at build time and the first render neither offer a signed-in user to log in
 * nor draw the links every visitor has, which the signed-in ones would then push aside (a layout
 * shift on every signed-in screen; docs/web.md, "The header behind the sign-in").
 */
export function useHeaderLinks(): HeaderLinks {
  const signedIn = useAtomValue(signedInAtom);
  const behindSignIn = useBehindSignIn();
  const known = signedIn || !behindSignIn;
  return { row: known, signedOut: known && !signedIn };
}
