import { PassThrough, Readable } from 'node:stream';
import { Client } from 'pg';
import request from 'supertest';
import type { RunUploadAnswer } from '@sweepline/domain';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import type { DbTarget } from '../../test/targets';
import { testTargets } from '../../test/targets';
import type { TestApp } from '../../test/test-app';
import {
  closeTestApp,
  createTestDatabase,
  dropTestDatabase,
  startAppOn,
  startTestApp,
  stopTestApp,
} from '../../test/test-app';
import { editorApi, ok, API } from '../editor/testing/editor-api';
import { addSerialNumbers, FAIL_STEPS, productWithTests, runOf } from '../runner/testing/runner-fixtures';
import { backupDatabase } from './backup';
import { MIGRATION_MADE_ROWS } from './backup-format';
import { restoreDatabase } from './restore';
import { foldStepValues } from '../reports/testing/report-fixtures';

// Issue 16: a backup of a database with every kind of row, restored into a fresh database, holds
// every row again; on the embedded PostgreSQL 18 and on the server (15 here), and across them.

const SHOT = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(900, 5),
]);

async function withClient<T>(url: string, work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Every row of every table (as JSON text, sorted) and every sequence's position. */
function contents(url: string) {
  return withClient(url, async (db) => {
    const { rows: tables } = await db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations' ORDER BY 1`,
    );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      const result = await db.query<{ j: string }>(
        `SELECT row_to_json(t)::text AS j FROM "${name}" t ORDER BY 1`,
      );
      rows[name] = result.rows.map((r) => r.j);
    }
    const { rows: sequences } = await db.query(
      `SELECT sequencename, last_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
    );
    return { rows, sequences };
  });
}

async function backupOf(url: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await withClient(url, (db) => backupDatabase(db, out));
  out.end();
  return Buffer.concat(chunks);
}

/** Products, tests with steps, users, serial numbers, runs with a kept trace, a screenshot. */
async function fill(t: TestApp): Promise<void> {
  const manager: Member = await createManager(t, 'Backed Up RF');
  const operator = await createMember(t, manager.accountId, Role.Operator);
  const line = await productWithTests(
    editorApi(() => t, manager),
    'Coupler',
    [1, 2],
  );
  await addSerialNumbers(
    editorApi(() => t, operator),
    line.product.id,
    ['C-1', 'C-2'],
  );
  const traces = [{ step_index: 2, freqs_MHz: [800, 850.5, 900.25], values: [-0.5, -0.61, 0.1 + 0.2] }];
  for (const [sn, result] of [
    ['C-1', 1],
    ['C-2', 0],
  ] as const) {
    const run = runOf(line.tests[0]!, sn, result === 0 ? { result, steps: FAIL_STEPS, traces } : {});
    const { run_id } = await ok<RunUploadAnswer>(editorApi(() => t, operator).post('/runner/runs', run));
    const shot = await request(t.http())
      .post(`${API}/runner/runs/${run_id}/attachments`)
      .set('x-auth-token', operator.token)
      .field('step_index', '1')
      .field('kind', 'screenshot')
      .attach('file', SHOT, `${sn}.png`);
    expect(shot.status).toBe(201);
  }
  // their step values folded, as the API does a minute after the upload: the source changes no more
  await foldStepValues(t.dataSource, manager.accountId!);
}

const targets = testTargets();

describe.each(targets.map((t) => [t.name, t] as const))('backup and restore [%s]', (_name, target) => {
  let source: TestApp | undefined;
  let backup: Buffer;
  let original: Awaited<ReturnType<typeof contents>>;
  const made: [DbTarget, string][] = [];

  const freshDatabase = async (on: DbTarget) => {
    const url = await createTestDatabase(on, false);
    made.push([on, url]);
    return url;
  };

  beforeAll(async () => {
    source = await startTestApp(target);
    await fill(source);
    backup = await backupOf(source.databaseUrl);
    original = await contents(source.databaseUrl);
  });
  afterAll(async () => {
    await stopTestApp(source);
    for (const [on, url] of made) await dropTestDatabase(on, url);
  });

  it('backs up rows of every kind', () => {
    for (const table of [
      'account',
      'app_user',
      'product',
      'seq',
      'step',
      'serial_number',
      'run',
      'run_trace',
      'attachment',
      'run_unit_day',
    ])
      expect([table, original.rows[table]!.length > 0]).toEqual([table, true]);
  });

  it.each(targets.map((t) => [t.name, t] as const))(
    'restores into a fresh database on %s with every row',
    async (_on, into) => {
      const url = await freshDatabase(into);
      const summary = await restoreDatabase(url, Readable.from([backup]));
      expect(summary.rows.run).toBe(2);
      const restored = await contents(url);
      expect(restored.rows).toEqual(original.rows);
      expect(restored.sequences).toEqual(original.sequences);
      // the restored database is a working one: the API starts on it and serves its data
      const app = await startAppOn(into, url);
      const health = await request(app.http()).get(`${API}/health`);
      await closeTestApp(app);
      expect(health.body).toEqual({ status: 1, msg: '', data: { ok: true } });
    },
  );

  it('refuses a database that holds data, and changes nothing', async () => {
    await expect(restoreDatabase(source!.databaseUrl, Readable.from([backup]))).rejects.toThrow(
      /^The database already holds data \(table \w+ has rows\): restore into a new, empty database$/,
    );
    expect((await contents(source!.databaseUrl)).rows).toEqual(original.rows);
  });

  it('loads nothing from a backup cut short', async () => {
    const url = await freshDatabase(target);
    const cut = backup.subarray(0, Math.floor(backup.length * 0.8));
    await expect(restoreDatabase(url, Readable.from([cut]))).rejects.toThrow(
      /cut short|end marker|incomplete/,
    );
    // the migrations ran; what they make (the closure's row) is not the backup's
    const after = await contents(url);
    const loaded = Object.entries(after.rows).filter(([name]) => !MIGRATION_MADE_ROWS.has(name));
    expect(loaded.every(([, rows]) => rows.length === 0)).toBe(true);
  });

  it('refuses a file that is not a backup', async () => {
    const url = await freshDatabase(target);
    await expect(restoreDatabase(url, Readable.from([Buffer.alloc(2048, 65)]))).rejects.toThrow(
      'This file is not a Sweepline backup',
    );
  });
});
