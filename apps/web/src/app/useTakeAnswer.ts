import { startTransition, useEffect } from 'react';

/**
 * Takes each new server answer into the screen's own state (atoms, pickers, the run shown) as a
 * transition, so its first drawing is rendered in slices (docs/web.md, "Answers taken as
 * transitions"): a state set in an effect is otherwise rendered in one task, however large.
 * `take` runs once per new `answer` (by identity), never for undefined.
 */
export function useTakeAnswer<T>(answer: T | undefined, take: (answer: T) => void): void {
  useEffect(() => {
    if (answer === undefined) return;
    startTransition(() => take(answer));
  }, [answer]);
}
