import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's PostgreSQL server binaries (.ci/run installs them when they are missing). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version)
    throw new Error(`No PostgreSQL server binaries under ${root}: install the postgresql package`);
  return join(root, version, 'bin');
}

/** As the postgres user: initdb refuses root, and the clusters' files must be its own. */
function asPostgres(tool: string, args: string[]): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', join(binDir(), tool), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** One server of a private cluster: its folder, port and URL of a database. */
export interface PrivateServer {
  dir: string;
  port: number;
  url: (database: string) => string;
  start: () => void;
  stop: () => void;
}

function server(root: string, name: string, port: number): PrivateServer {
  const dir = join(root, name);
  const log = join(root, `${name}.log`);
  return {
    dir,
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () =>
      void asPostgres('pg_ctl', [
        '-D',
        dir,
        '-l',
        log,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${port} -k ${root}`,
        'start',
      ]),
    stop: () => void asPostgres('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']),
  };
}

/**
 * A primary and a streaming hot standby of it on free loopback ports, in a temporary folder
 * (issue 27): initdb, then pg_basebackup -R (which writes the standby's primary_conninfo and
 * standby.signal), as PostgreSQL's documentation sets one up. `remove()` stops both and deletes it.
 */
export async function primaryWithStandby(): Promise<{
  primary: PrivateServer;
  standby: PrivateServer;
  remove: () => void;
}> {
  const root = mkdtempSync(join(tmpdir(), 'sweepline-standby-'));
  chownSync(root, uid('postgres'), uid('postgres', 'g'));
  const primary = server(root, 'primary', await freePort());
  const standby = server(root, 'standby', await freePort());
  asPostgres('initdb', ['-D', primary.dir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  writeFileSync(
    join(primary.dir, 'postgresql.auto.conf'),
    "listen_addresses = '127.0.0.1'\nfsync = off\nhot_standby_feedback = on\n",
  );
  chownSync(join(primary.dir, 'postgresql.auto.conf'), uid('postgres'), uid('postgres', 'g'));
  primary.start();
  asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    standby.dir,
    '-R',
    '-X',
    'stream',
  ]);
  standby.start();
  const remove = () => {
    for (const s of [standby, primary]) {
      try {
        s.stop();
      } catch {
        // already stopped
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  return { primary, standby, remove };
}

function uid(user: string, kind: 'u' | 'g' = 'u'): number {
  return Number(execFileSync('id', [`-${kind}`, user], { encoding: 'utf8' }).trim());
}
