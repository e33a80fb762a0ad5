/**
 * Issue 26: SIGTERM to the built API (on its embedded PostgreSQL, the default) during a burst of
 * uploads from sixteen runners. The uploads in flight are answered; every acknowledged run is in the
 * database once; every other one arrives, once, when the runners upload again to the API started
 * anew; and the embedded PostgreSQL was stopped cleanly (no postmaster.pid left behind).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startBuiltApi, type BuiltApi } from '@sweepline/testing';
import { Client } from 'pg';
import { fleetOnNewLine, type RunnerFleet } from './runner-fleet';
import type { TestApp } from './test-app';

jest.setTimeout(240_000);

const RUNNERS = 16;
const ACKNOWLEDGED_BEFORE_SIGNAL = 20;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dataDir: string;
let port: number;
let api: BuiltApi | undefined;
let fleet: RunnerFleet;
let signalledAt: number;
let inDatabaseAtStop: Map<string, number>;
let acknowledgedAtStop: Set<string>;
let waitingAtStop: string[];
let postmasterLeft: boolean;

const start = () => startBuiltApi({ prefix: 'sweepline-stop', dataDir, port });

/** SQL on the embedded cluster of the data folder (its port in postmaster.pid, its password beside it). */
async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const pgPort = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  const client = new Client({ host: '127.0.0.1', port: Number(pgPort), user: 'postgres', password });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const runCounts = async () =>
  new Map(
    (
      await sql<{ id: string; n: number }>(
        'SELECT client_run_id::text AS id, count(*)::int AS n FROM run GROUP BY client_run_id',
      )
    ).map((r) => [r.id, r.n]),
  );

/** The fixtures' view of the running API: its address for the calls, SQL for the members. */
function asTestApp(): TestApp {
  return { http: () => api!.url, dataSource: { query: sql } } as unknown as TestApp;
}

/** The fleet's replies by call and status, with a refusal's message: why a burst did not get going. */
function repliesSeen(): string {
  const counts = new Map<string, number>();
  for (const r of fleet.replies) {
    const key = `${r.call} ${r.status}${r.msg && r.status !== 201 && r.status !== 200 ? ` (${r.msg})` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n} × ${key}`).join(', ');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sweepline-stop-'));
  port = await freePort();
  api = await start();
  const t = asTestApp();
  fleet = await fleetOnNewLine(t, 'Stop', 'S', { baseUrl: api.baseUrl, pauseMs: 0 });

  // A run is left unacknowledged only by a runner whose look-up was answered while the API
  // drained and whose upload then found it gone. With four runners none was in a look-up at the
  // signal in 1 of 6 tries, and the test had no unacknowledged run to check; with sixteen, 2-10
  // runs were left unacknowledged in each of 6 tries.
  fleet.start(RUNNERS);
  // signal once the burst is under way: a count of acknowledged runs, not a time (a loaded CI
  // machine acknowledged only 10 in 3 s)
  for (const deadline = Date.now() + 60_000; fleet.acknowledged.size <= ACKNOWLEDGED_BEFORE_SIGNAL;) {
    if (Date.now() > deadline)
      throw new Error(`only ${fleet.acknowledged.size} runs acknowledged in 60 s: ${repliesSeen()}`);
    await wait(100);
  }
  signalledAt = Date.now();
  await api.stop(); // SIGTERM, then waits for the process to end
  await fleet.stop();
  acknowledgedAtStop = new Set(fleet.acknowledged);
  waitingAtStop = fleet.unacknowledged.map((run) => run.client_run_id);
  postmasterLeft = existsSync(join(dataDir, 'pg', 'postmaster.pid'));

  api = await start();
  inDatabaseAtStop = await runCounts();
  fleet.baseUrl = api.baseUrl;
  await fleet.flush();
});

afterAll(async () => {
  await api?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('answers the uploads in flight when the signal comes', () => {
  const answeredAfter = fleet.replies.filter(
    (r) => r.call === 'upload' && r.status === 201 && r.at > signalledAt,
  );
  expect(answeredAfter.length).toBeGreaterThan(0);
});

it('stops the embedded PostgreSQL cleanly', () => {
  expect(postmasterLeft).toBe(false);
});

it('has every acknowledged run in the database, once', () => {
  expect(acknowledgedAtStop.size).toBeGreaterThan(ACKNOWLEDGED_BEFORE_SIGNAL);
  const counts = [...acknowledgedAtStop].map((id) => inDatabaseAtStop.get(id) ?? 0);
  expect(counts.every((n) => n === 1)).toBe(true);
});

it('gets every unacknowledged run on the next upload, each exactly once', async () => {
  expect(waitingAtStop.length).toBeGreaterThan(0);
  expect(fleet.unacknowledged).toEqual([]);
  expect(fleet.acknowledged).toEqual(fleet.measured);
  const counts = await runCounts();
  expect(new Set(counts.keys())).toEqual(fleet.measured);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
});
