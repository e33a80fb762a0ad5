import { useAtomValue } from 'jotai';
import { startTransition, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoginCheckedContext } from './login-checked';
import { signedInAtom } from './session.atoms';
import { reportRefreshFailure, useRefreshLoginState } from './useSession';

/**
 * The guard of login-required routes (docs/requirements/shell-and-navigation.md#login-guard): before each of them the login state is
 * refreshed behind the full-screen loader; no e-mail goes to /login; a failed check shows its
 * message for 5 s. Meanwhile the layouts draw (the header, a section's side menu) and each screen
 * only its title (lazyScreen), not its body or calls: so the build can write these pages' HTML
 * too, and the title is painted before the script runs (docs/web.md, "HTML made at build time").
 */
export function RequireLogin() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const refresh = useRefreshLoginState();
  const [passed, setPassed] = useState(false);
  const signedIn = useAtomValue(signedInAtom);

  useEffect(() => {
    let live = true;
    refresh().then(
      (user) => {
        if (!live) return;
        if (user.email === '') void navigate('/login', { replace: true });
        // the screen's first drawing, in slices (docs/web.md, "Answers taken as transitions")
        else startTransition(() => setPassed(true));
      },
      (error: unknown) => live && reportRefreshFailure(error),
    );
    return () => {
      live = false;
    };
    // each route entered is checked again
  }, [pathname]);

  // the layouts draw at once; each screen waits for the check (lazyScreen), showing its title.
  // The user is taken into the session in a transition of its own: a screen opens once both are
  // in, so its guards (RequireRole) never judge the signed-out user of before the answer.
  const checked = passed && signedIn;
  return (
    <LoginCheckedContext value={checked}>
      <Outlet />
    </LoginCheckedContext>
  );
}
