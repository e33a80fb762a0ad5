import type { SessionUser } from '@sweepline/domain';
import { notifyError } from '@sweepline/ui';
import { useSetAtom } from 'jotai';
import { startTransition } from 'react';
import { useNavigate } from 'react-router';
import { reportFailure, sessionToken } from './api-client';
import { identityApi } from './identity.api';
import { SIGNED_OUT, sessionUserAtom } from './session.atoms';

let refreshing: Promise<SessionUser> | undefined;
/** The call startLoginStateCall began as the app booted, until the first refresh takes it. */
let started: Promise<SessionUser> | undefined;

/**
 * Asks GET /login_state as the app boots when a session id is stored, before React's first render
 * (issue 43): the shell's and the guard's first refresh take this reply instead of asking once
 * the screen's chunk is in and the shell has rendered, so a signed-in screen's own calls start a
 * round trip earlier. login_state is public (a stale id gets the signed-out user, not a 401).
 * Answers the call, for the screen's first call asked at boot (boot-calls.ts).
 */
export function startLoginStateCall(): Promise<SessionUser> | undefined {
  if (!sessionToken.get()) return undefined;
  started = identityApi.loginState();
  // its failure is reported by the refresh that takes it, not as an unhandled rejection meanwhile
  started.catch(() => undefined);
  return started;
}

/** The call begun at boot, once; afterwards undefined, so each later refresh asks again. */
function takeStartedCall(): Promise<SessionUser> | undefined {
  const call = started;
  started = undefined;
  return call;
}

/**
 * GET /login_state into the session (docs/requirements/shell-and-navigation.md#session-state); rejects with the call's ApiError. Callers
 * at the same moment (the shell and a route guard) share one call.
 */
export function useRefreshLoginState() {
  const setUser = useSetAtom(sessionUserAtom);
  return async () => {
    refreshing ??= (takeStartedCall() ?? identityApi.loginState()).finally(() => {
      refreshing = undefined;
    });
    const user = await refreshing;
    // the header's links and menus drawn for the user in slices (docs/web.md, "Answers taken as transitions")
    startTransition(() => setUser(user));
    return user;
  };
}

/** Failures of login_state calls already shown: callers that shared a call share its rejection. */
const shownFailures = new WeakSet<object>();

/**
 * Shows a failed refresh's message once per call: the shell and the guard of the first screen
 * share one call (the one begun at boot, or one asked at once), and each showing it gave two.
 */
export function reportRefreshFailure(error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (shownFailures.has(error)) return;
    shownFailures.add(error);
  }
  reportFailure(error, notifyError);
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
