import type { Alignment } from '@sweepline/domain';
import { atom } from 'jotai';

/** The alignment last copied, pasted into any Align step of the session (spec 1 section 4). */
export const copiedAlignmentAtom = atom<Alignment | undefined>(undefined);
