/**
 * The built API as a child process, so that the load generator and the API do not share one
 * event loop (as in production, where clients are other machines).
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export function buildApi(): void {
  const result = spawnSync('npx', ['nx', 'run', '@sweepline/api:build', '--outputStyle=stream'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0) throw new Error('The API build failed');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface RunningApi {
  baseUrl: string;
  /** The API's process, to read its memory. */
  pid: number;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The API did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts dist/main.js on `databaseUrl` and waits for its health check. BENCH_API_MAIN names
 * another build's main.js (to measure an older version the same way); BENCH_NODE_ARGS adds Node
 * flags (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the API under load).
 */
export async function startApi(databaseUrl: string): Promise<RunningApi> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sweepline-bench-'));
  const child = spawn(
    process.execPath,
    [
      ...(process.env['BENCH_NODE_ARGS']?.split(' ').filter(Boolean) ?? []),
      process.env['BENCH_API_MAIN'] ?? join(ROOT, 'apps/api/dist/main.js'),
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SWEEPLINE_DATA_DIR: dataDir,
        NODE_ENV: 'production',
      },
    },
  );
  // never leave the API running, whatever ends the bench
  const kill = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(kill, 5000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', kill);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}/webcyc/api`;
  try {
    await waitForHealth(`${baseUrl}/health`, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid!, stop };
}
