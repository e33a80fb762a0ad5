import { useEffect, useRef } from 'react';

/**
 * The reloads of the mounted `useServerData` users by the name of their data, so a mutation in
 * one part of a screen refreshes what another part shows without either knowing the other.
 */
const reloads = new Map<string, Set<() => void>>();

/** Asks again for every mounted copy of the data called `name`. */
export function invalidateServerData(name: string): void {
  for (const reload of reloads.get(name) ?? []) reload();
}

/** Registers a mounted user's reload under its data's name while it is mounted. */
export function useServerDataReloads(name: string, reload: () => void): void {
  const current = useRef(reload);
  current.current = reload;
  useEffect(() => {
    const entry = () => current.current();
    const named = reloads.get(name) ?? new Set();
    named.add(entry);
    reloads.set(name, named);
    return () => {
      named.delete(entry);
      if (named.size === 0) reloads.delete(name);
    };
  }, [name]);
}
