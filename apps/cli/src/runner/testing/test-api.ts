/**
 * The built API as a child process on the embedded PostgreSQL (no DATABASE_URL), on a free port,
 * for the runner's end-to-end tests: stopped and started again on the same port and data to play
 * a server that goes away and comes back. A project may not import another's files, so the few
 * lines of bench/lib/api-process.ts are here again. An account, its editor and an API token
 * (the runner's SWEEPLINE_TOKEN) are written straight into the database.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

const ROOT = join(__dirname, '../../../../..');
const MAIN = join(ROOT, 'apps/api/dist/main.js');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export class TestApi {
  private child: ChildProcess | undefined;
  token = '';

  private constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  /** The server's address as the CLI takes it (--server). */
  get server(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<TestApi> {
    if (!existsSync(MAIN))
      spawnSync('npx', ['nx', 'run', '@sweepline/api:build'], { cwd: ROOT, stdio: 'ignore' });
    // a free port can be taken by another process before the API binds it: try a few
    for (let attempt = 1; ; attempt++) {
      const api = new TestApi(await freePort(), mkdtempSync(join(tmpdir(), 'sweepline-runner-api-')));
      try {
        await api.up();
        api.token = await api.makeEditorToken();
        return api;
      } catch (error) {
        await api.stop();
        if (attempt === 3) throw error;
      }
    }
  }

  async up(): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      LOG_LEVEL: 'warn',
      SWEEPLINE_DATA_DIR: this.dataDir,
    };
    delete env['DATABASE_URL']; // the embedded PostgreSQL
    const child = spawn(process.execPath, [MAIN], { cwd: ROOT, stdio: 'ignore', env });
    this.child = child;
    for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
      if (child.exitCode !== null) break;
      const ok = await fetch(`${this.server}/webcyc/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      // healthy, and it is ours: its embedded cluster runs in our data folder
      if (ok && child.exitCode === null && existsSync(join(this.dataDir, 'pg', 'postmaster.pid'))) return;
      await new Promise((done) => setTimeout(done, 200));
    }
    await this.down();
    throw new Error(`The built API (${MAIN}) did not start`);
  }

  /** Stops the API (its embedded database with it); `up()` brings it back on the same port and data. */
  async down(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    await this.down();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** SQL on the embedded cluster the API runs (its port in postmaster.pid, its password beside it). */
  async sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
    const port = readFileSync(join(this.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
    const password = readFileSync(join(this.dataDir, 'pg-password'), 'utf8').trim();
    const client = new Client({
      host: '127.0.0.1',
      port: Number(port),
      user: 'postgres',
      password,
      database: 'postgres',
    });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  private async makeEditorToken(): Promise<string> {
    const [account] = await this.sql<{ id: number }>(
      `INSERT INTO account (name, is_active) VALUES ('Runner lab', true) RETURNING id`,
    );
    const [user] = await this.sql<{ id: number }>(
      `INSERT INTO app_user (account_id, email, name, role, is_active) VALUES ($1, 'lab@example.com', 'Lab Manager', 0, true) RETURNING id`,
      [account!.id],
    );
    const token = `swl_${randomBytes(32).toString('base64url')}`;
    await this.sql(
      `INSERT INTO api_token (account_id, name, role, token_hash, created_by) VALUES ($1, 'bench', 1, $2, $3)`,
      [account!.id, createHash('sha256').update(token).digest('hex'), user!.id],
    );
    return token;
  }

  /** A call as the editor token; refusals throw with the server's message. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.server}/webcyc/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const reply = (await response.json()) as { status: number; msg: string; data: T };
    if (reply.status !== 1) throw new Error(`${method} ${path}: ${reply.msg}`);
    return reply.data;
  }
}
