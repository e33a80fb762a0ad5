/**
 * The built API (apps/api/dist/main.js) as a child process on a free port, as `npm start` runs it:
 * for end-to-end tests, the seed's tests and the benchmarks, which must not share one event loop
 * with the API they drive.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';

const ROOT = resolve(__dirname, '../../..');
const API_MAIN = join(ROOT, 'apps/api/dist/main.js');
const HEALTH_TIMEOUT_MS = 90_000;
// past the API's own 30 s drain (apps/api/src/common/graceful-stop.ts) and its database's stop: a
// kill before then orphans the embedded PostgreSQL, and the next start on its folder fails
const KILL_AFTER_MS = 45_000;

/** The stops of the built APIs this process runs: a signal stops them all before it ends it. */
const running = new Set<() => Promise<void>>();
const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * SIGTERM or SIGINT (a CI job cancelled, Ctrl+C on Jest): stops every built API as stop() does
 * (the API stops its embedded PostgreSQL), then ends this process as the signal would have: its
 * default handling ended it at once and left both running.
 */
function stopAllOnSignal(signal: NodeJS.Signals): void {
  for (const s of SIGNALS) process.off(s, stopAllOnSignal);
  void Promise.allSettled([...running].map((stop) => stop())).then(() => process.kill(process.pid, signal));
}

function track(stop: () => Promise<void>): void {
  if (running.size === 0) for (const s of SIGNALS) process.on(s, stopAllOnSignal);
  running.add(stop);
}

function untrack(stop: () => Promise<void>): void {
  running.delete(stop);
  if (running.size === 0) for (const s of SIGNALS) process.off(s, stopAllOnSignal);
}

/**
 * The embedded cluster's postmaster of a data folder, told to shut down fast (SIGINT): a killed
 * API leaves it running, and the next start on the folder fails. Nothing when it does not run.
 */
function stopCluster(dataDir: string): void {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // gone already
  }
}

export interface BuiltApiOptions {
  /** Name prefix of the fresh data folder in the temp folder. */
  prefix: string;
  /** The database; without it the API runs its embedded PostgreSQL in the data folder. */
  databaseUrl?: string;
  /** Set to reuse a data folder (restart on the same data); then stop() leaves it. */
  dataDir?: string;
  /** Set to come back on the same port; else a free one (tried three times, it can be taken). */
  port?: number;
  /** Environment over the test defaults (PUBLIC_URL, LOG_LEVEL=warn, a small proof of work). */
  env?: NodeJS.ProcessEnv;
  /** Another build's main.js (not built here); the workspace's is built first if missing. */
  main?: string;
  /** Node flags before main.js (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Echo the API's stderr while it runs (it is kept for the start error anyway). */
  echoErrors?: boolean;
}

export interface BuiltApi {
  /** http://127.0.0.1:port, what the CLI's --server takes. */
  url: string;
  /** url + /webcyc/api, the API's base path. */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Where the API writes its mails (no SMTP_URL). */
  outboxDir: string;
  /** The API's process, to read its memory. */
  pid: number;
  /** Stops the API (SIGTERM, SIGKILL after 45 s) and removes the data folder it made. */
  stop(): Promise<void>;
}

/** Builds the API with Nx; throws if the build fails. */
export function buildApi(): void {
  const result = spawnSync('npx', ['nx', 'run', '@sweepline/api:build', '--outputStyle=stream'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0) throw new Error('The API build failed');
}

export async function startBuiltApi(options: BuiltApiOptions): Promise<BuiltApi> {
  // Nx builds it before the tests that need it; a bare `npx jest` may come first
  if (!options.main && !existsSync(API_MAIN)) buildApi();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options, options.port ?? (await freePort()));
    } catch (error) {
      if (options.port !== undefined || attempt === 3) throw error;
    }
  }
}

async function startOnce(options: BuiltApiOptions, port: number): Promise<BuiltApi> {
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `${options.prefix}-`));
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    SWEEPLINE_DATA_DIR: dataDir,
    CAPTCHA_MAX_NUMBER: '2000',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // the given database or the embedded one, and the outbox, whatever the machine's environment says
  if (options.databaseUrl) env['DATABASE_URL'] = options.databaseUrl;
  else delete env['DATABASE_URL'];
  delete env['SMTP_URL'];
  const main = options.main ?? API_MAIN;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), main], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  if (options.echoErrors) child.stderr.pipe(process.stderr);
  // never leave the API or its database running, whatever ends the test or bench: an exit cannot
  // wait for the API's own stop, a signal can (stopAllOnSignal)
  const kill = () => {
    if (child.exitCode !== null) return;
    child.kill('SIGKILL');
    if (!options.databaseUrl) stopCluster(dataDir);
  };
  process.once('exit', kill);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(kill, KILL_AFTER_MS);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', kill);
    untrack(stop);
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  track(stop);
  const baseUrl = `${url}/webcyc/api`;
  // healthy, and it is ours: still running and, on the embedded database, its cluster runs in our
  // data folder (another process may have taken the port first)
  const ours = () =>
    child.exitCode === null && (!!options.databaseUrl || existsSync(join(dataDir, 'pg', 'postmaster.pid')));
  for (const deadline = Date.now() + HEALTH_TIMEOUT_MS; Date.now() < deadline;) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy && ours())
      return { url, baseUrl, port, dataDir, outboxDir: join(dataDir, 'outbox'), pid: child.pid!, stop };
    await new Promise((wait) => setTimeout(wait, 200));
  }
  const exit = child.exitCode;
  await stop();
  throw new Error(
    `The built API (${main}) ${exit === null ? `did not answer within ${HEALTH_TIMEOUT_MS / 1000} s` : `exited (${exit})`}:\n${output}`,
  );
}
