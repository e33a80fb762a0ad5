/**
 * Issue 25 targets, on one API instance: 300 stations reporting every 2 s (150 reports/s) while
 * 20 boards keep the event stream open. Report p99 under 10 ms; each change delivered to every
 * stream within 1 s (p99); the API's memory flat over 10 minutes (the rule: memoryFlat below).
 * BENCH_SECONDS shortens the run (default 600). Every report is a change (its step moves on), so
 * every report is an event on each of the 20 streams: 3,000 events/s. The API is the built one, a
 * child process, on a database of its own on the PostgreSQL server (BENCH_DATABASE, dropped at
 * the end). The 20 boards read their streams in a second child process (lib/stream-readers.ts):
 * in this one, their parsing delayed the replies' timing by this process's own event loop.
 * The API reports its own event loop delay, GC pauses and time per report (lib/api-probe.cjs).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { hashToken, newToken } from '@sweepline/testing';
import { buildApi, startApi } from './lib/api-process';
import { createDatabase, DEFAULT_SERVER_URL, dropDatabase } from './lib/bench-db';
import { backendsOf, cpuSeconds } from './lib/cpu';
import { keepAliveAgent, send } from './lib/http-send';
import { loopDelay, loopDelayLine, loopDelayOf, percentile, probeLines } from './lib/probe-report';
import { memoryDrift, RssSampler, SoakStats } from './lib/soak-stats';
import { OPERATOR_STAMP, type FromReaders, type ToReaders } from './lib/stream-readers-protocol';

const DATABASE = process.env['BENCH_DATABASE'] ?? 'sweepline_bench_stations';
const PROBE = `/tmp/sweepline-stations-probe-${process.pid}.json`;
const STATIONS = 300;
const EVERY_MS = 2_000;
const STREAMS = 20;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 600);
const STEPS = 50;
const TARGET = { reportP99Ms: 10, deliveryP99Ms: 1_000 };
/**
 * Memory is flat when, from minute 2 (the API warmed up) to the last, the last minute's mean RSS
 * is under 10 % above minute 2's, and the least-squares line through the minute means rises less
 * than 5 % of it over those minutes. Judged on runs of 5 minutes or more.
 */
const MEMORY = { fromMinute: 1, growth: 0.1, trend: 0.05, judgedFromMinutes: 5 };

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** An account with a product and a test, and a manager's session, straight in the database. */
async function account(url: string): Promise<{ session: string; productId: number; seqId: number }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const one = async (sql: string, params: unknown[] = []) =>
      (await db.query<{ id: number }>(sql, params)).rows[0]!.id;
    const accountId = await one(
      `INSERT INTO account (name, is_active) VALUES ('Floor bench', true) RETURNING id`,
    );
    const userId = await one(
      `INSERT INTO app_user (account_id, email, name, role, is_active) VALUES ($1, 'floor@bench', 'Floor', 0, true) RETURNING id`,
      [accountId],
    );
    const productId = await one(
      `INSERT INTO product (account_id, name, create_user_name, update_user_name) VALUES ($1, 'F-900', 'Floor', 'Floor') RETURNING id`,
      [accountId],
    );
    const seqId = await one(
      `INSERT INTO seq (account_id, product_id, name, stage_no, test_no, create_user_name, update_user_name)
       VALUES ($1, $2, 'Final', 1, 1, 'Floor', 'Floor') RETURNING id`,
      [accountId, productId],
    );
    const session = newToken();
    await db.query(
      `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [hashToken(session), userId],
    );
    return { session, productId, seqId };
  } finally {
    await db.end();
  }
}

/** Connections ever made to the database (PostgreSQL 14+), this one included. */
async function sessions(url: string): Promise<number> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>(
      'SELECT sessions AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]!.n);
  } finally {
    await db.end();
  }
}

/** The boards' process (lib/stream-readers.ts), with their streams open on `urls`. */
async function startReaders(
  urls: string[],
): Promise<{ finish(): Promise<Extract<FromReaders, { delivered: number }>> }> {
  const child: ChildProcess = fork(join(__dirname, 'lib', 'stream-readers.ts'), [], {
    execArgv: ['--import', 'tsx'],
  });
  const next = () =>
    new Promise<FromReaders>((resolve, reject) => {
      child.once('message', (m) => resolve(m as FromReaders));
      child.once('exit', (code) => reject(new Error(`The stream readers exited (${code})`)));
    });
  const tell = (message: ToReaders) => child.send(message);
  const ready = next();
  tell({ open: urls });
  await ready;
  return {
    async finish() {
      const figures = next();
      tell({ finish: true });
      return (await figures) as Extract<FromReaders, { delivered: number }>;
    },
  };
}

async function main(): Promise<void> {
  buildApi();
  const url = await createDatabase(DEFAULT_SERVER_URL, DATABASE);
  const api = await startApi(url, { probe: PROBE });
  try {
    const { session, productId, seqId } = await account(url);
    const headers = { 'x-auth-token': session, 'content-type': 'application/json' };
    const auth = { 'x-auth-token': session };
    const agent = keepAliveAgent(STATIONS);
    const urls: string[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const reply = await fetch(`${api.url}/webcyc/api/stations/stream-ticket`, { method: 'POST', headers });
      const { data } = (await reply.json()) as { data: { url: string } };
      urls.push(`${api.url}${data.url}`);
    }
    const readers = await startReaders(urls);
    console.log(
      `${STATIONS} stations every ${EVERY_MS / 1000} s (${(STATIONS * 1000) / EVERY_MS}/s), ${STREAMS} streams, ${SECONDS} s; load ${load()}`,
    );
    // one report every EVERY_MS / STATIONS ms, in station order: each station every EVERY_MS
    const apiCpu = () => cpuSeconds((_cmd, pid) => pid === api.pid);
    const dbCpu = () => cpuSeconds(backendsOf(DATABASE));
    const cpuBefore = { api: apiCpu(), db: dbCpu(), own: process.cpuUsage() };
    const sessionsBefore = await sessions(url);
    const lag = loopDelay();
    const started = performance.now();
    const stats = new SoakStats(started);
    const reportMs: number[] = [];
    const rss = new RssSampler(api.pid, started, () => performance.now());
    const step = new Array<number>(STATIONS).fill(0);
    const report = async (i: number) => {
      step[i] = (step[i]! % STEPS) + 1;
      const at = performance.now();
      const body = {
        station: `LAB-${String(i).padStart(3, '0')}`,
        state: 'testing',
        productId,
        seqId,
        sn: `SN-${i}`,
        step: step[i],
        steps: STEPS,
        // the boards time each change's delivery against this (both processes read one clock)
        operator: `${OPERATOR_STAMP}${Date.now()}`,
        zoneOffset: 0,
      };
      try {
        const reply = await send(
          agent,
          api.url,
          'POST',
          '/webcyc/api/runner/station',
          auth,
          JSON.stringify(body),
        );
        if (reply.status === 201) stats.ok('report', at, performance.now() - at);
        else stats.failed('report', at, `HTTP ${reply.status}: ${reply.text.slice(0, 200)}`);
      } catch (error) {
        stats.failed('report', at, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
      }
      reportMs.push(performance.now() - at);
    };
    // BENCH_PROBE_SNAPSHOTS (a folder, which the API inherits): heap snapshots after minute 2 and at
    // the end, to tell what grows (api-probe.cjs; each stops the API for a moment)
    const snapshot = () => process.env['BENCH_PROBE_SNAPSHOTS'] && process.kill(api.pid, 'SIGUSR2');
    const firstSnapshot = setTimeout(snapshot, 120_000);
    let next = 0;
    await new Promise<void>((done) => {
      const tick = setInterval(() => {
        const due = Math.floor(((performance.now() - started) * STATIONS) / EVERY_MS);
        for (; next < due; next++) void report(next % STATIONS);
        if (performance.now() - started >= SECONDS * 1000) {
          clearInterval(tick);
          done();
        }
      }, 5);
    });
    await new Promise((settle) => setTimeout(settle, 2_000));
    clearTimeout(firstSnapshot);
    snapshot();
    rss.stop();
    const boards = await readers.finish();
    agent.destroy();
    const sent = reportMs.length;
    const own = process.cpuUsage(cpuBefore.own);
    const connectionsMade = (await sessions(url)) - sessionsBefore - 1;
    const perReport = (ms: number) => (ms / Math.max(1, sent)).toFixed(2);
    const expected = sent * STREAMS;
    const minutes = Math.ceil(SECONDS / 60);
    console.log('minute  reports  p50 ms  p99 ms  failed  API RSS MiB (mean)');
    const means: number[] = [];
    for (let m = 0; m < minutes; m++) {
      const f = stats.minute(m).get('report');
      means.push(rss.minute(m));
      console.log(
        `${String(m + 1).padStart(6)}  ${String(f?.calls ?? 0).padStart(7)}  ${(f?.p50 ?? NaN).toFixed(1).padStart(6)}  ${(f?.p99 ?? NaN).toFixed(1).padStart(6)}  ${String(f?.failed ?? 0).padStart(6)}  ${means[m]!.toFixed(0).padStart(18)}`,
      );
    }
    const judged = minutes >= MEMORY.judgedFromMinutes;
    const drift = judged ? memoryDrift(means, MEMORY.fromMinute) : undefined;
    const memoryFlat = !drift || (drift.growth < MEMORY.growth && drift.trend < MEMORY.trend);
    const reportP99 = percentile(reportMs, 0.99);
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    console.log(
      [
        `reports: ${sent} sent, ${stats.totalFailed} failed; p50 ${percentile(reportMs, 0.5).toFixed(1)} ms, p99 ${reportP99.toFixed(1)} ms (target < ${TARGET.reportP99Ms})`,
        `events: ${boards.delivered} of ${expected} delivered (${((boards.delivered / expected) * 100).toFixed(2)} %); p50 ${boards.deliveryP50} ms, p99 ${boards.deliveryP99} ms (target < ${TARGET.deliveryP99Ms})`,
        drift
          ? `API resident memory from minute ${MEMORY.fromMinute + 1} to ${minutes}: last minute ${pct(drift.growth)} (under ${pct(MEMORY.growth)}), fitted trend ${pct(drift.trend)} (under ${pct(MEMORY.trend)}); most ${rss.most.toFixed(0)} MiB`
          : `API resident memory: not judged in a run under ${MEMORY.judgedFromMinutes} minutes; most ${rss.most.toFixed(0)} MiB`,
        `CPU per report (its 20 deliveries included): API ${perReport((apiCpu() - cpuBefore.api) * 1000)} ms, PostgreSQL ${perReport((dbCpu() - cpuBefore.db) * 1000)} ms; load generator ${perReport((own.user + own.system) / 1000)} ms, boards ${perReport(boards.cpuMs)} ms`,
        `PostgreSQL connections made during the run: ${connectionsMade} (each a connect and fresh prepared statements inside some report's time)`,
        loopDelayLine('load generator', loopDelayOf(lag)),
        loopDelayLine('boards', boards.loop),
        `load ${load()}`,
      ].join('\n'),
    );
    await api.stop();
    console.log(probeLines(PROBE, 'POST /webcyc/api/runner/station', SECONDS).join('\n'));
    for (const [reason, n] of stats.failures) console.log(`failed ${n}×: ${reason}`);
    const meets =
      stats.totalFailed === 0 &&
      reportP99 < TARGET.reportP99Ms &&
      boards.delivered === expected &&
      boards.deliveryP99 < TARGET.deliveryP99Ms &&
      memoryFlat;
    console.log(meets ? 'meets the targets' : 'misses a target');
  } finally {
    await api.stop();
    rmSync(PROBE, { force: true });
    await dropDatabase(DEFAULT_SERVER_URL, DATABASE);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
