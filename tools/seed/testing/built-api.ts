/**
 * The built API as a child process on a database, for the seed's test: starting it migrates the
 * database, and the test reads the demo back through it. (bench/lib/api-process.ts does the same
 * for the benchmarks; a project may not import files outside the projects, so the few lines are
 * here again.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const MAIN = join(ROOT, 'apps/api/dist/main.js');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface BuiltApi {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startBuiltApi(databaseUrl: string): Promise<BuiltApi> {
  if (!existsSync(MAIN)) {
    // Nx builds it before this project's tests; a bare `npx jest` may come first
    spawnSync('npx', ['nx', 'run', '@sweepline/api:build'], { cwd: ROOT, stdio: 'ignore' });
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sweepline-seed-test-'));
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SWEEPLINE_DATA_DIR: dataDir,
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}/webcyc/api`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl, stop };
    await new Promise((done) => setTimeout(done, 200));
  }
  await stop();
  throw new Error(`The built API (${MAIN}) did not start on ${databaseUrl}`);
}
