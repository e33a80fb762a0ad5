import { startTransition, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { reportRefreshFailure, useRefreshLoginState } from './useSession';

/**
 * The guard of login-required routes (docs/requirements/shell-and-navigation.md#login-guard): before each of them the login state is
 * refreshed behind the full-screen loader; no e-mail goes to /login; a failed check shows its
 * message for 5 s.
 */
export function RequireLogin() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const refresh = useRefreshLoginState();
  const [passed, setPassed] = useState(false);

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

  return passed ? <Outlet /> : null;
}
