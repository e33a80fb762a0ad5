/**
 * Issue 26: the database restarted, then stopped for 10 s, under four runners uploading. Nothing
 * is lost or counted twice, the outage is answered 503 with Retry-After (never 500), readiness
 * goes 503 and back, and the same API process serves again afterwards.
 *
 * On a PostgreSQL server: a private cluster (PrivatePostgres), restarted and stopped with pg_ctl,
 * which is what `pg_ctlcluster 15 main restart` does, because the machine's shared server on
 * 5432 serves other tests at the same time and must never be restarted. On the embedded default:
 * the API's own PostgreSQL, stopped and started.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Logger } from '@nestjs/common';
import { PrivatePostgres } from '@sweepline/testing';
import { createApp } from '../src/create-app';
import { DATABASE_UNREACHABLE_MSG } from '../src/database/unreachable';
import { fleetOnNewLine, type Reply, type RunnerFleet } from './runner-fleet';
import { testConfig, type TestApp } from './test-app';

jest.setTimeout(180_000);

const REGISTER = join(__dirname, 'swc-register.js');
const EMBEDDED_CHILD = join(__dirname, 'embedded-postgres-child.ts');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The fleet measures at least this many runs in all, before, during and after the outage. */
const MEASURED_AT_LEAST = 20;

/** How a database is taken away and given back. */
interface Database {
  url: string;
  restart(): Promise<void>;
  down(): Promise<void>;
  up(): Promise<void>;
  remove(): Promise<void>;
}

async function privateServer(): Promise<Database> {
  const server = await PrivatePostgres.start();
  return {
    url: server.url,
    restart: () => server.restart(),
    down: () => server.down(),
    up: () => server.up(),
    remove: () => server.remove(),
  };
}

/** The API's default database, stopped and started as its EmbeddedDatabase does (in a child process). */
async function embedded(): Promise<Database> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sweepline-outage-'));
  const child = spawn(process.execPath, ['-r', REGISTER, EMBEDDED_CHILD, dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => String((await lines.next()).value);
  const send = async (command: string, answer: string) => {
    child.stdin.write(`${command}\n`);
    expect(await next()).toBe(answer);
  };
  const url = await next();
  return {
    url,
    restart: async () => {
      await send('stop', 'stopped');
      await send('start', 'started');
    },
    down: () => send('stop', 'stopped'),
    up: () => send('start', 'started'),
    remove: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.write('quit\n');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls readiness and liveness every 200 ms until stopped. */
function probe(fleet: RunnerFleet): { stop: () => Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      await Promise.all([
        fleet.call('ready', 'GET', '/health/ready'),
        fleet.call('health', 'GET', '/health'),
      ]);
      await wait(200);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

describe.each([
  ['a PostgreSQL server', privateServer],
  ['the embedded PostgreSQL', embedded],
])('the database going away under four uploading runners, on %s', (_name, makeDatabase) => {
  let database: Database;
  let t: TestApp;
  let fleet: RunnerFleet;
  let warnings: jest.SpyInstance;
  let notes: jest.SpyInstance;
  let errors: jest.SpyInstance;
  const statusesOf = (call: Reply['call']) =>
    fleet.replies.filter((r) => r.call === call).map((r) => r.status);

  beforeAll(async () => {
    database = await makeDatabase();
    const config = testConfig();
    const { app, dataSource } = await createApp(config, database.url);
    await app.listen(0, '127.0.0.1');
    t = {
      target: { name: 'server', url: database.url, template: '' },
      app,
      dataSource,
      config,
      http: () => app.getHttpServer(),
      databaseUrl: database.url,
    };
    const { port } = app.getHttpServer().address() as AddressInfo;
    fleet = await fleetOnNewLine(t, 'Outage', 'O', { baseUrl: `http://127.0.0.1:${port}/webcyc/api` });
    warnings = jest.spyOn(Logger.prototype, 'warn');
    notes = jest.spyOn(Logger.prototype, 'log');
    errors = jest.spyOn(Logger.prototype, 'error');

    const probing = probe(fleet);
    fleet.start(4);
    await wait(2000);
    await database.restart();
    await wait(3000);
    await database.down();
    await wait(10_000);
    await database.up();
    await wait(4000);
    // enough runs to mean something, however slow a loaded machine makes the fleet after the outage
    for (const until = Date.now() + 30_000; fleet.measured.size <= MEASURED_AT_LEAST && Date.now() < until;)
      await wait(500);
    await fleet.stop();
    await probing.stop();
    await fleet.flush();
  });

  afterAll(async () => {
    warnings?.mockRestore();
    notes?.mockRestore();
    errors?.mockRestore();
    await t?.app.close();
    if (t?.dataSource.isInitialized) await t.dataSource.destroy();
    await database?.remove();
  });

  it('keeps every measured run, each exactly once', async () => {
    expect(fleet.measured.size).toBeGreaterThan(MEASURED_AT_LEAST);
    expect(fleet.acknowledged).toEqual(fleet.measured);
    const rows = (await t.dataSource.query(
      'SELECT client_run_id::text AS id, count(*)::int AS n FROM run GROUP BY client_run_id',
    )) as { id: string; n: number }[];
    expect(new Set(rows.map((r) => r.id))).toEqual(fleet.measured);
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
  });

  it('answers the outage 503 with Retry-After and the message, never 500', () => {
    expect(errors.mock.calls).toEqual([]);
    const answered = fleet.replies.filter((r) => r.call !== 'health');
    const unavailable = answered.filter((r) => r.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const reply of unavailable) {
      expect(reply).toMatchObject({ retryAfter: '5', msg: DATABASE_UNREACHABLE_MSG });
    }
    expect(new Set(answered.map((r) => r.status))).toEqual(new Set([200, 201, 503]));
  });

  it('is not ready during the outage and ready again after it, alive throughout', () => {
    const ready = statusesOf('ready');
    expect(ready).toContain(503);
    expect(ready.at(-1)).toBe(200);
    expect(new Set(statusesOf('health'))).toEqual(new Set([200]));
  });

  it('comes back without a restart of its own: the same process serves after the outage', async () => {
    const after = await fleet.call('ready', 'GET', '/health/ready');
    expect(after.status).toBe(200);
    expect(t.app.getHttpServer().listening).toBe(true);
  });

  it('logs each outage once, not once per request', () => {
    const outages = warnings.mock.calls.filter(([m]) =>
      String(m).startsWith('The database is not reachable'),
    );
    const recoveries = notes.mock.calls.filter(([m]) =>
      String(m).startsWith('The database is reachable again'),
    );
    // the restart and the stop; a restart quicker than every request may go unnoticed
    expect(outages.length).toBeGreaterThanOrEqual(1);
    expect(outages.length).toBeLessThanOrEqual(2);
    expect(recoveries.length).toBe(outages.length);
    expect(fleet.replies.filter((r) => r.status === 503).length).toBeGreaterThan(outages.length);
    // the live floor's listening connection too: one warning per loss, not one per try
    const listenerLosses = warnings.mock.calls.filter(([m]) =>
      String(m).startsWith('Station changes not heard'),
    );
    expect(listenerLosses.length).toBeGreaterThanOrEqual(1);
    expect(listenerLosses.length).toBeLessThanOrEqual(2);
  });
});
