import { Role, type SessionUser } from '@sweepline/domain';
import { createAtom, createDerivedAtom } from './create-atom';

/** Spec 1 section 3: signed out is role 3 with no e-mail. */
export const SIGNED_OUT: SessionUser = { email: '', name: '', role: Role.SignedOut };

export const sessionUserAtom = createAtom<SessionUser>('sessionUser', SIGNED_OUT);

/** Spec 1 section 3: signed in is decided by a non-empty e-mail. */
export const signedInAtom = createDerivedAtom('signedIn', (get) => get(sessionUserAtom).email !== '');
