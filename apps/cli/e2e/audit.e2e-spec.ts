import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { AuditRow } from '@sweepline/domain';
import type { Manager } from './support/accounts';
import { addProduct, asManager, makeApiToken, PASSWORD, signUpManager } from './support/accounts';
import type { RunningApi } from './support/api-server';
import { startApi } from './support/api-server';
import { configDir, ensureBuiltCli, sweepline } from './support/cli';

/** The built API's embedded cluster, as its data folder describes it (port, kept password). */
function embeddedDatabaseUrl(dataDir: string): string {
  const port = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]!
    .trim();
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

describe('sweepline audit verify (built program, built API, embedded PostgreSQL)', () => {
  jest.setTimeout(180_000);
  let api: RunningApi;
  let manager: Manager;
  let env: Record<string, string>;

  beforeAll(async () => {
    ensureBuiltCli();
    api = await startApi();
    manager = await signUpManager(api);
    for (const name of ['Filters', 'Duplexers', 'Couplers']) await addProduct(api, manager, name);
    env = { SWEEPLINE_SERVER: api.url, SWEEPLINE_CONFIG_DIR: configDir() };
    const login = await sweepline(['login', '--email', manager.email], env, `${PASSWORD}\n`);
    expect(login.code).toBe(0);
  });
  afterAll(() => api?.stop());

  it("recomputes the manager's trail and says how many rows matched", async () => {
    const result = await sweepline(['audit', 'verify'], env);
    expect(result.stdout).toBe('Audit trail verified: 3 rows\n');
    expect(result.code).toBe(0);
    const json = await sweepline(['audit', 'verify', '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual({ server: api.url, ok: true, rows: 3, firstBad: null });
  });

  it("is a manager's: an editor's token is refused, exit 1", async () => {
    const { token } = await makeApiToken(api, manager, 1);
    const result = await sweepline(['audit', 'verify'], { ...env, SWEEPLINE_TOKEN: token });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('it needs the account manager');
  });

  it('names a row altered with SQL and exits 1', async () => {
    const rows = await asManager<AuditRow[]>(api, manager, 'GET', '/audit/chain');
    const altered = rows[1]!;
    const db = new Client({ connectionString: embeddedDatabaseUrl(api.dataDir) });
    await db.connect();
    try {
      // as an attacker with SQL would: the append-only trigger off, a changed value, the trigger on
      await db.query('BEGIN');
      await db.query('ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only');
      await db.query(`UPDATE audit_event SET user_name = 'Someone else' WHERE id = $1`, [altered.id]);
      await db.query('ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only');
      await db.query('COMMIT');
    } finally {
      await db.end();
    }
    const result = await sweepline(['audit', 'verify'], env);
    expect(result.stdout).toContain(
      `Audit trail does NOT verify: row ${altered.id} of ${altered.at} does not match`,
    );
    expect(result.code).toBe(1);
    const json = await sweepline(['audit', 'verify', '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual({
      server: api.url,
      ok: false,
      rows: 2,
      firstBad: { id: altered.id, at: altered.at },
    });
    expect(json.code).toBe(1);
  });
});
