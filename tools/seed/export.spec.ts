/**
 * Issue 16: the account export of the demo seed, read back and compared with the database. A
 * fresh database on the PostgreSQL server, migrated by the built API, seeded with the demo; the
 * manager downloads GET /user/export and GNU tar unpacks it.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { SeedSummary } from './seed';
import { RUN_CALIBRATION_ROWS, RUN_INSTRUMENT_ROWS } from './lab-sql';
import { DEMO_IDENTITY, seed } from './seed';
import type { BuiltApi } from '@sweepline/testing';
import { startBuiltApi } from '@sweepline/testing';

const SERVER = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = `sweepline_export_test_${process.pid}`;

function urlOf(name: string): string {
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: SERVER });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

let api: BuiltApi;
let db: Client;
let demo: SeedSummary;
let dir: string;

/** Every part of a collection, in order, as one list. */
function collection<T>(name: string): T[] {
  const folder = join(dir, 'sweepline-export', name);
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as T[]);
}

async function rows<T>(sql: string): Promise<T[]> {
  return (await db.query(sql, [demo.accountId])).rows as T[];
}

const floats = (bytes: Buffer) => [
  ...new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)),
];

beforeAll(async () => {
  await onServer(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${NAME}`);
  api = await startBuiltApi({ prefix: 'sweepline-seed-test', databaseUrl: urlOf(NAME), echoErrors: true }); // migrates
  db = new Client({ connectionString: urlOf(NAME) });
  await db.connect();
  demo = await seed(db, NAME, {});
  const manager = DEMO_IDENTITY.users[0]!;
  const [user] = (await db.query(`SELECT id FROM app_user WHERE email = $1`, [manager.email])).rows as {
    id: number;
  }[];
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
    [createHash('sha256').update(token).digest('hex'), user!.id],
  );
  const res = await fetch(`${api.baseUrl}/user/export`, { headers: { 'x-auth-token': token } });
  expect(res.status).toBe(200);
  dir = mkdtempSync(join(tmpdir(), 'sweepline-export-test-'));
  writeFileSync(join(dir, 'export.tar'), Buffer.from(await res.arrayBuffer()));
  execFileSync('tar', ['-xf', join(dir, 'export.tar'), '-C', dir]);
}, 180_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
  await onServer(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
}, 60_000);

it('counts what the demo holds', async () => {
  const { counts } = JSON.parse(readFileSync(join(dir, 'sweepline-export', 'summary.json'), 'utf8')) as {
    counts: Record<string, number>;
  };
  expect(counts).toEqual({
    users: DEMO_IDENTITY.users.length,
    products: demo.products.length,
    tests: demo.products.reduce((n, p) => n + p.tests.length, 0),
    // the tests' releases (issue 39): how many is the releases' seed's to say
    'test-releases': expect.any(Number),
    'serial-numbers': demo.units,
    runs: demo.runs,
    traces: demo.traces,
    attachments: demo.screenshots,
    // the lab that measured the runs (issue 40)
    instruments: demo.instruments,
    calibrations: demo.calibrations,
    'run-instruments': Number(
      (await rows<{ n: string }>(`SELECT count(*) AS n FROM (${RUN_INSTRUMENT_ROWS}) ri`))[0]!.n,
    ),
    'run-calibrations': Number(
      (await rows<{ n: string }>(`SELECT count(*) AS n FROM (${RUN_CALIBRATION_ROWS}) rc`))[0]!.n,
    ),
  });
  expect(demo.runs).toBeGreaterThan(1000);
});

it('holds the products, the tests with their steps, the users', async () => {
  expect(
    collection<{ id: number; name: string; model: string }>('products').map((p) => [p.id, p.name, p.model]),
  ).toEqual(
    (
      await rows<{ id: number; name: string; model: string }>(
        `SELECT id, name, model FROM product WHERE account_id = $1 ORDER BY id`,
      )
    ).map((p) => [p.id, p.name, p.model]),
  );
  const steps = await rows<{ seq_id: number; name: string; param: unknown }>(
    `SELECT seq_id, name, param FROM step WHERE account_id = $1 ORDER BY seq_id, position`,
  );
  const tests = collection<{ id: number; steps: { name: string; param: unknown }[] }>('tests');
  expect(tests.flatMap((t) => t.steps.map((s) => ({ seq_id: t.id, name: s.name, param: s.param })))).toEqual(
    steps,
  );
  expect(collection<{ email: string }>('users').map((u) => u.email)).toEqual(
    DEMO_IDENTITY.users.map((u) => u.email),
  );
});

it('holds every serial number with its stages', async () => {
  const sns = collection<{ id: number; sn: string; stages: { id: number }[] }>('serial-numbers');
  const stored = await rows<{ id: number; sn: string; stages: number }>(
    `SELECT n.id, n.sn, (SELECT count(*)::int FROM sn_stage_history h WHERE h.serial_number_id = n.id) AS stages
       FROM serial_number n WHERE n.account_id = $1 ORDER BY n.id`,
  );
  expect(sns.map((s) => ({ id: s.id, sn: s.sn, stages: s.stages.length }))).toEqual(stored);
});

it('holds every run with its step results, to the value', async () => {
  const runs = collection<{ id: number; sn: string; result: number; startTime: string; steps: unknown }>(
    'runs',
  );
  const stored = await rows<{ id: string; sn: string; result: number; start_time: Date; steps: unknown }>(
    `SELECT id, sn, result, start_time, steps FROM run WHERE account_id = $1 ORDER BY id`,
  );
  expect(runs.length).toBe(stored.length);
  expect(runs.map((r) => [r.id, r.sn, r.result, Date.parse(r.startTime), r.steps])).toEqual(
    stored.map((r) => [Number(r.id), r.sn, r.result, r.start_time.getTime(), r.steps]),
  );
}, 30_000); // 15,000 runs compared to the value: seconds on a busy two-core machine

it('holds every trace, point for point, and every screenshot, byte for byte', async () => {
  const traces = collection<{ runId: number; stepIndex: number; freqsMhzF32le: string; valuesF32le: string }>(
    'traces',
  );
  const stored = await rows<{ run_id: string; step_index: number; freqs_mhz: Buffer; vals: Buffer }>(
    `SELECT t.run_id, t.step_index, t.freqs_mhz, t.vals FROM run_trace t JOIN run r ON r.id = t.run_id
      WHERE r.account_id = $1 ORDER BY 1, 2`,
  );
  expect(
    traces.map((t) => [
      t.runId,
      t.stepIndex,
      floats(Buffer.from(t.freqsMhzF32le, 'base64')),
      floats(Buffer.from(t.valuesF32le, 'base64')),
    ]),
  ).toEqual(stored.map((t) => [Number(t.run_id), t.step_index, floats(t.freqs_mhz), floats(t.vals)]));
  const files = collection<{ id: number; fileName: string }>('attachments');
  const data = await rows<{ id: string; data: Buffer }>(
    `SELECT id, data FROM attachment WHERE account_id = $1 ORDER BY id`,
  );
  expect(files.map((f) => f.id)).toEqual(data.map((d) => Number(d.id)));
  for (const [i, file] of files.entries()) {
    expect(
      readFileSync(join(dir, 'sweepline-export', 'attachments', 'files', `${file.id}-${file.fileName}`)),
    ).toEqual(data[i]!.data);
  }
}, 30_000);
