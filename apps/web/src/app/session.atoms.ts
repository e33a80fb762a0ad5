import { Role, type SessionUser } from '@sweepline/domain';
import { createAtom, createDerivedAtom } from './create-atom';

/** docs/requirements/shell-and-navigation.md#session-state: signed out is role 3 with no e-mail. */
export const SIGNED_OUT: SessionUser = { email: '', name: '', role: Role.SignedOut };

export const sessionUserAtom = createAtom<SessionUser>('sessionUser', SIGNED_OUT);

/** docs/requirements/shell-and-navigation.md#session-state: signed in is decided by a non-empty e-mail. */
export const signedInAtom = createDerivedAtom('signedIn', (get) => get(sessionUserAtom).email !== '');
