import type { Alignment } from '@sweepline/domain';
import { atom } from 'jotai';

/** The alignment last copied, pasted into any Align step of the session (docs/requirements/step-parameters.md#alignment-check). */
export const copiedAlignmentAtom = atom<Alignment | undefined>(undefined);
