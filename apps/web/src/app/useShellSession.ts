import { MSG } from '@sweepline/domain';
import { notifyError } from '@sweepline/ui';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized, sessionToken } from './api-client';
import { SIGNED_OUT, sessionUserAtom } from './session.atoms';
import { reportRefreshFailure, useRefreshLoginState } from './useSession';

/**
 * The shell's part of the session (docs/requirements/shell-and-navigation.md#session-state): a stored session id is signed in again
 * after a reload, and a 401 from any call signs out and goes to /login with 'Please log in'.
 */
export function useShellSession(): void {
  const navigate = useNavigate();
  const setUser = useSetAtom(sessionUserAtom);
  const refresh = useRefreshLoginState();

  useEffect(
    () =>
      onUnauthorized(() => {
        setUser(SIGNED_OUT);
        notifyError(MSG.pleaseLogIn);
        void navigate('/login');
      }),
    [navigate, setUser],
  );

  useEffect(() => {
    if (sessionToken.get()) refresh().catch(reportRefreshFailure);
    // once, when the app starts
  }, []);
}
