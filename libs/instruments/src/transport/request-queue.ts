/**
 * One request in flight per instrument (INSTRUMENTS.md section 1): SCPI over a stream has no
 * request ids, so a reply belongs to whichever query was sent last. Calls run strictly one after
 * another in the order they were made; a failed call does not stop the ones queued behind it.
 */
export class RequestQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
