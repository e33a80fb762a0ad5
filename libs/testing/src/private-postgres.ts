/**
 * A PostgreSQL server of our own, for the tests that restart or stop their database: the
 * equivalent of `pg_ctlcluster 15 main restart` (or `stop`) without touching the machine's shared
 * cluster on 127.0.0.1:5432, which other tests and CI use at the same moment. Debian's binaries
 * (initdb, pg_ctl) make a throw-away cluster in a temp folder on a free loopback port, run as the
 * `postgres` system user (initdb and the server refuse root); it trusts local connections.
 * `startStandby()` adds a streaming hot standby of it (issue 27's reads on a standby).
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

/** Debian's server binaries of the newest PostgreSQL installed (15 on Debian 12). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version)
    throw new Error(`No PostgreSQL server binaries under ${root}: install the postgresql package`);
  return join(root, version, 'bin');
}

/** The system user's ids, for the folder it must own. */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

export class PrivatePostgres {
  private constructor(
    private readonly folder: string,
    readonly port: number,
  ) {}

  /** The maintenance database's address (user postgres, no password). */
  get url(): string {
    return this.databaseUrl('postgres');
  }

  /** A database's address on this server (user postgres, no password). */
  databaseUrl(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private get dataDir(): string {
    return join(this.folder, 'data');
  }

  /** A new cluster, started. */
  static async start(): Promise<PrivatePostgres> {
    const server = await PrivatePostgres.inNewFolder();
    await server.asPostgres('initdb', ['-D', server.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await server.up();
    return server;
  }

  /**
   * A streaming hot standby of this server, started in a folder of its own: pg_basebackup -R
   * (which writes the standby's primary_conninfo and standby.signal), as PostgreSQL's
   * documentation sets one up; initdb's trust rules already let the loopback replicate.
   * `remove()` it before this server.
   */
  async startStandby(): Promise<PrivatePostgres> {
    const standby = await PrivatePostgres.inNewFolder();
    await standby.asPostgres('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres'],
      ...['-D', standby.dataDir, '-R', '-X', 'stream'],
    ]);
    await standby.up();
    return standby;
  }

  /** A temp folder the postgres user owns, and a free port; no cluster yet. */
  private static async inNewFolder(): Promise<PrivatePostgres> {
    const folder = mkdtempSync(join(tmpdir(), 'sweepline-private-pg-'));
    const { uid, gid } = await postgresUser();
    chownSync(folder, uid, gid);
    return new PrivatePostgres(folder, await freePort());
  }

  /** `pg_ctl restart -m fast`: sessions are ended (57P01), the server is back when this returns. */
  async restart(): Promise<void> {
    await this.pgCtl(['restart', '-m', 'fast', '-o', this.serverOptions()]);
  }

  /** `pg_ctl stop -m fast`: connections are refused until up(). */
  async down(): Promise<void> {
    await this.pgCtl(['stop', '-m', 'fast']);
  }

  async up(): Promise<void> {
    await this.pgCtl(['start', '-o', this.serverOptions()]);
  }

  /** Stops the server (if it runs) and removes its folder. */
  async remove(): Promise<void> {
    await this.pgCtl(['stop', '-m', 'immediate']).catch(() => undefined);
    rmSync(this.folder, { recursive: true, force: true });
  }

  /**
   * Loopback only, its socket in its own folder, no fsync: a test's data need not survive a crash.
   * A standby tells its primary which rows its queries still read (hot_standby_feedback), so that
   * replaying the primary's vacuum does not cancel them.
   */
  private serverOptions(): string {
    return `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.folder} -c fsync=off -c max_connections=60 -c hot_standby_feedback=on`;
  }

  private async pgCtl(args: string[]): Promise<void> {
    await this.asPostgres('pg_ctl', [
      '-D',
      this.dataDir,
      '-w',
      '-t',
      '60',
      '-l',
      join(this.folder, 'log'),
      ...args,
    ]);
  }

  /** Async: the API under test runs in this process's event loop and must keep answering. */
  private async asPostgres(binary: string, args: string[]): Promise<void> {
    await run('runuser', ['-u', 'postgres', '--', join(binDir(), binary), ...args], { cwd: this.folder });
  }
}
