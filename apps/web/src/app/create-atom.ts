import { atom, type Atom, type Getter, type PrimitiveAtom } from 'jotai';

/** Every atom is made here, named for the devtools (CONVENTIONS.md section 6). */
export function createAtom<T>(debugLabel: string, initial: T): PrimitiveAtom<T> {
  const made = atom(initial);
  made.debugLabel = debugLabel;
  return made;
}

/** A value that follows from other atoms. */
export function createDerivedAtom<T>(debugLabel: string, read: (get: Getter) => T): Atom<T> {
  const made = atom(read);
  made.debugLabel = debugLabel;
  return made;
}
