import { SingleBar } from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

/**
 * A progress bar on stderr when it is a terminal (CONVENTIONS.md section 7: anything longer than
 * a second shows progress); nothing in a pipe or a CI log, where the summary says it all.
 */
export function progressBar(label: string): Progress {
  if (!process.stderr.isTTY) return { update: () => undefined, stop: () => undefined };
  const bar = new SingleBar({
    format: `${label} [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left`,
    stream: process.stderr,
    hideCursor: true,
    barCompleteChar: '#',
    barIncompleteChar: '-',
  });
  let started = false;
  return {
    update(done, total) {
      if (!started) bar.start(total, done);
      else bar.update(done);
      started = true;
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
