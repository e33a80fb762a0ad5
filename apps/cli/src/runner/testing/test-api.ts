/**
 * The built API as a child process on the embedded PostgreSQL (or on `databaseUrl`), on a free port,
 * for the runner's end-to-end tests: stopped and started again on the same port and data to play
 * a server that goes away and comes back. An account, its editor and an API token (the runner's
 * SWEEPLINE_TOKEN) are written straight into the database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiCaller, freePort, startBuiltApi, type BuiltApi } from '@sweepline/testing';
import { Client } from 'pg';

const PREFIX = 'sweepline-runner-api';

export class TestApi {
  private api: BuiltApi | undefined;
  token = '';

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    /** A PostgreSQL server's database; absent: the API's embedded one. */
    private readonly databaseUrl?: string,
  ) {}

  /** The server's address as the CLI takes it (--server). */
  get server(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(databaseUrl?: string): Promise<TestApi> {
    // a free port can be taken by another process before the API binds it: try a few
    for (let attempt = 1; ; attempt++) {
      const api = new TestApi(await freePort(), mkdtempSync(join(tmpdir(), `${PREFIX}-`)), databaseUrl);
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
    this.api = await startBuiltApi({
      prefix: PREFIX,
      port: this.port,
      dataDir: this.dataDir,
      ...(this.databaseUrl ? { databaseUrl: this.databaseUrl } : {}),
    });
  }

  /** Stops the API (its embedded database with it); `up()` brings it back on the same port and data. */
  async down(): Promise<void> {
    const api = this.api;
    this.api = undefined;
    await api?.stop();
  }

  async stop(): Promise<void> {
    await this.down();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** SQL on the API's database: the server's, or the embedded cluster's (its port in postmaster.pid, its password beside it). */
  async sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client(
      this.databaseUrl ? { connectionString: this.databaseUrl } : this.embeddedAddress(),
    );
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  private embeddedAddress() {
    const port = readFileSync(join(this.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
    const password = readFileSync(join(this.dataDir, 'pg-password'), 'utf8').trim();
    return { host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'postgres' };
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
  call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return apiCaller(this.server, { authorization: `Bearer ${this.token}` })<T>(method, path, body);
  }
}
