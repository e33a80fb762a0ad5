import { oneAtATime } from './one-at-a-time';

/** A task that records when it starts and finishes when `finish` is called. */
function heldTask(log: string[], name: string, fails = false) {
  let finish = () => undefined as void;
  const task = () =>
    new Promise<void>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = () => (fails ? reject(new Error(name)) : resolve());
    });
  return { task, finish: () => finish() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tasks one at a time (parameter saves: answers in order)', () => {
  it('starts a task asked for while one runs only once that one is done', async () => {
    const log: string[] = [];
    const run = oneAtATime();
    const first = heldTask(log, 'first');
    const second = heldTask(log, 'second');
    const done = [run(first.task), run(second.task)];
    await settle();
    expect(log).toEqual(['start first']);
    first.finish();
    await settle();
    expect(log).toEqual(['start first', 'start second']);
    second.finish();
    await expect(Promise.all(done)).resolves.toEqual([undefined, undefined]);
  });

  it('runs the next task after one failed, and only the failed one rejects', async () => {
    const log: string[] = [];
    const run = oneAtATime();
    const failing = heldTask(log, 'failing', true);
    const next = heldTask(log, 'next');
    const failed = run(failing.task);
    const after = run(next.task);
    await settle();
    failing.finish();
    await expect(failed).rejects.toThrow('failing');
    await settle();
    expect(log).toEqual(['start failing', 'start next']);
    next.finish();
    await expect(after).resolves.toBeUndefined();
  });
});
