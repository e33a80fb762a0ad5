import type { Role } from '@sweepline/domain';
import { notifyInfo } from '@sweepline/ui';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useLoginChecked } from './login-checked';
import { sessionUserAtom } from './session.atoms';

/** Where a signed-in user goes from a page their role may not use: the first working screen. */
export const ROLE_FALLBACK = '/product';

interface RequireRoleProps {
  /** The rule of @sweepline/domain that admits a role to these pages. */
  allow: (role: Role) => boolean;
  /** The short info shown on the way to the fallback page. */
  message: string;
}

/**
 * The guard of pages that only some roles may use (/Setting, /ht). It sits inside RequireLogin,
 * so the session user is fresh; a role it does not admit goes to a page it may use with a short
 * info, before the page mounts, so no call the server would refuse is made.
 */
export function RequireRole({ allow, message }: RequireRoleProps) {
  const { role } = useAtomValue(sessionUserAtom);
  // before RequireLogin's check the role is not known yet: the screen shows only its title then
  const allowed = !useLoginChecked() || allow(role);

  useEffect(() => {
    if (!allowed) notifyInfo(message);
  }, [allowed, message]);

  return allowed ? <Outlet /> : <Navigate to={ROLE_FALLBACK} replace />;
}
