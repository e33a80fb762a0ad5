/**
 * Runs tasks one after the other: a task asked for while one runs waits for it to settle (done
 * or failed), then runs. Each call's promise settles as its own task does.
 */
export function oneAtATime(): (task: () => Promise<void>) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (task) => {
    const next = last.catch(() => undefined).then(task);
    last = next;
    return next;
  };
}
