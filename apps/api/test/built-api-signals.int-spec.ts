/**
 * The built API that libs/testing starts (startBuiltApi) and its embedded PostgreSQL end with the
 * process that started them: on SIGTERM or SIGINT (a cancelled CI job, Ctrl+C on Jest) they are
 * stopped and the process still ends by the signal; on a plain exit the API is killed and its
 * cluster told to shut down. Before, only an exit killed the API, which left its PostgreSQL running,
 * and a signal left both.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

jest.setTimeout(180_000);

const API_ROOT = join(__dirname, '..');

interface Held {
  api: number;
  postgres: number;
  dataDir: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether `pid` is gone within `ms` (the cluster's fast shutdown takes a moment after its signal). */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    if (!alive(pid)) return true;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return !alive(pid);
}

/** Starts built-api-child.ts; answers the process and what it holds once the API is up. */
async function holder(...args: string[]) {
  const child = spawn(
    process.execPath,
    ['-r', './test/swc-register.js', 'test/built-api-child.ts', ...args],
    {
      cwd: API_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const held = JSON.parse(line) as Held;
  expect([alive(held.api), alive(held.postgres)]).toEqual([true, true]);
  return { child, exited, held };
}

describe('the built API of a process that ends', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'is stopped with its PostgreSQL on %s, and the process still ends by the signal',
    async (signal) => {
      const { child, exited, held } = await holder();
      child.kill(signal);
      expect(await exited).toEqual([null, signal]);
      expect(alive(held.api)).toBe(false);
      expect(await goneWithin(held.postgres, 10_000)).toBe(true);
      expect(existsSync(held.dataDir)).toBe(false);
    },
  );

  it('is killed and its PostgreSQL shut down on a plain exit', async () => {
    const { exited, held } = await holder('exit');
    expect(await exited).toEqual([0, null]);
    expect(await goneWithin(held.api, 5_000)).toBe(true);
    expect(await goneWithin(held.postgres, 10_000)).toBe(true);
    rmSync(held.dataDir, { recursive: true, force: true });
  });
});
