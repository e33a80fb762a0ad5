import type { SessionUser } from '@sweepline/domain';
import { notifyError } from '@sweepline/ui';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { reportFailure, sessionToken } from './api-client';
import { identityApi } from './identity.api';
import { SIGNED_OUT, sessionUserAtom } from './session.atoms';

let refreshing: Promise<SessionUser> | undefined;

/**
 * GET /login_state into the session (docs/requirements/shell-and-navigation.md#session-state); rejects with the call's ApiError. Callers
 * at the same moment (the shell and a route guard) share one call.
 */
export function useRefreshLoginState() {
  const setUser = useSetAtom(sessionUserAtom);
  return async () => {
    refreshing ??= identityApi.loginState().finally(() => {
      refreshing = undefined;
    });
    const user = await refreshing;
    setUser(user);
    return user;
  };
}

/**
 * Log out: the session ends on the server, and locally whatever the server said (docs/requirements/shell-and-navigation.md#session-state: a failed log-out still clears local state, shows its message for 5 s and goes to /).
 */
export function useLogOut() {
  const setUser = useSetAtom(sessionUserAtom);
  const navigate = useNavigate();
  return async () => {
    try {
      await identityApi.logout();
    } catch (error) {
      reportFailure(error, notifyError);
    } finally {
      sessionToken.clear();
      setUser(SIGNED_OUT);
      void navigate('/');
    }
  };
}
