import { startTransition, useEffect, useRef, useState } from 'react';
import { reportFailure } from './api-client';
import { takeBootCall } from './boot-calls';
import { useServerDataReloads } from './server-data-reloads';

/** What a screen has of one server answer. */
export interface ServerData<T> {
  /** The last answer; kept while the next one loads. */
  data: T | undefined;
  /** The refusal's message (never set after a 401: the client already went to /login). */
  error: string | undefined;
  loading: boolean;
  /** Asks again with the same arguments (after a mutation that changed the answer). */
  reload: () => void;
  /** Lays a mutation's answer over the data, so the screen need not ask again. */
  setData: (update: (data: T | undefined) => T | undefined) => void;
}

export interface ServerDataOptions {
  /** Shows a refusal (a dialog, a toast) beside keeping it in `error`; a 401 is never shown. */
  onError?: (message: string) => void;
  /** A refusal leaves the last answer on the screen instead of clearing it. */
  keepDataOnError?: boolean;
}

/**
 * The one way the web app loads server data (docs/web.md, "Loading server data"). `key` names
 * the data and holds every argument of `load`: the call runs when the screen mounts and again
 * whenever an item of `key` changes (compared as React compares dependencies); without `load`
 * (a pick not made yet) nothing is asked. A reply that arrives after the key changed, the data
 * was reloaded or the screen closed is dropped, so a slow answer never replaces a newer one.
 * `invalidateServerData(key[0])` reloads every mounted user of that name.
 */
export function useServerData<T>(
  key: readonly [name: string, ...args: unknown[]],
  load: (() => Promise<T>) | undefined,
  options: ServerDataOptions = {},
): ServerData<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  // loading from the first render: the effect's setLoading(true) then changes nothing, where it
  // drew the whole screen again, unsliced, right after it mounted (issue 43)
  const [loading, setLoading] = useState(load !== undefined);
  const [version, setVersion] = useState(0);
  const latest = useRef({ load, options });
  latest.current = { load, options };
  const reload = () => setVersion((v) => v + 1);
  useServerDataReloads(key[0], reload);
  const deps = [...key, load === undefined, version];
  // from the render that changed the key, not only once the effect has run
  const asked = useRef<readonly unknown[]>(undefined);
  const starting = load !== undefined && !sameItems(asked.current, deps);

  useEffect(() => {
    asked.current = deps;
    const { load: call, options: now } = latest.current;
    if (!call) return;
    let live = true;
    setLoading(true);
    setError(undefined);
    // a screen's first data, named without arguments, may have been asked as the app booted
    const reply = key.length === 1 ? takeBootCall(key[0], call) : call();
    reply.then(
      (answer) => {
        if (!live) return;
        // drawn as a transition (issue 43): React renders the screen's new rows in slices and
        // yields between them, where an urgent update drew a list or a chart in one long task
        // that blocked input (1-2 s at a phone's CPU); input meanwhile comes first
        startTransition(() => {
          setData(() => answer);
          setLoading(false);
        });
      },
      (failure: unknown) => {
        if (!live) return;
        if (!now.keepDataOnError) setData(undefined);
        setLoading(false);
        reportFailure(failure, (message) => {
          setError(message);
          now.onError?.(message);
        });
      },
    );
    return () => {
      live = false;
    };
    // the key holds every argument of load, so load itself is read from the ref
  }, deps);

  return { data, error: starting ? undefined : error, loading: loading || starting, reload, setData };
}

const sameItems = (a: readonly unknown[] | undefined, b: readonly unknown[]) =>
  a !== undefined && a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
