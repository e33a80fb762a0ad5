/**
 * Issue 25 targets, on one API instance: 300 stations reporting every 2 s (150 reports/s) while
 * 20 boards keep the event stream open. Report p99 under 10 ms; each change delivered to every
 * stream within 1 s (p99); the API's memory flat over 10 minutes. BENCH_SECONDS shortens the run
 * (default 600). Every report is a change (its step moves on), so every report is an event on
 * each of the 20 streams: 3,000 events/s. The API is the built one, a child process, on a
 * database of its own on the PostgreSQL server (dropped at the end).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import type { StationView } from '@sweepline/domain';
import { hashToken, newToken, openEventStream, type EventStreamClient } from '@sweepline/testing';
import { buildApi, startApi } from './lib/api-process';
import { backendsOf, cpuSeconds } from './lib/cpu';
import { createDatabase, DEFAULT_SERVER_URL, dropDatabase } from './lib/bench-db';

const DATABASE = 'sweepline_bench_stations';
const STATIONS = 300;
const EVERY_MS = 2_000;
const STREAMS = 20;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 600);
const STEPS = 50;
const TARGET = { reportP99Ms: 10, deliveryP99Ms: 1_000 };

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

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

async function main(): Promise<void> {
  buildApi();
  const url = await createDatabase(DEFAULT_SERVER_URL, DATABASE);
  const api = await startApi(url);
  const streams: EventStreamClient[] = [];
  try {
    const { session, productId, seqId } = await account(url);
    const headers = { 'x-auth-token': session, 'content-type': 'application/json' };
    for (let i = 0; i < STREAMS; i++) {
      const reply = await fetch(`${api.url}/webcyc/api/stations/stream-ticket`, { method: 'POST', headers });
      const { data } = (await reply.json()) as { data: { url: string } };
      streams.push(await openEventStream(`${api.url}${data.url}`));
    }
    // when each change was sent, by "station/step": every stream's event of it is timed against it
    const sentAt = new Map<string, number>();
    const deliveries: number[] = [];
    let delivered = 0;
    for (const stream of streams) {
      const onData = () => {
        for (const e of stream.events.splice(0)) {
          if (e.event !== 'station') continue;
          const view = JSON.parse(e.data) as StationView;
          const sent = sentAt.get(`${view.station}/${view.step}`);
          if (sent !== undefined) deliveries.push(e.at - sent);
          delivered++;
        }
      };
      setInterval(onData, 50).unref();
    }
    const reportMs: number[] = [];
    let failures = 0;
    const why = new Map<string, number>();
    const failed = (reason: string) => (why.set(reason, (why.get(reason) ?? 0) + 1), 1);
    const step = new Array<number>(STATIONS).fill(0);
    const rss: { t: number; mib: number }[] = [];
    const sampler = setInterval(() => rss.push({ t: performance.now(), mib: rssMiB(api.pid) }), 5_000);
    const report = async (i: number) => {
      step[i] = (step[i]! % STEPS) + 1;
      const body = {
        station: `LAB-${String(i).padStart(3, '0')}`,
        state: 'testing',
        productId,
        seqId,
        sn: `SN-${i}`,
        step: step[i],
        steps: STEPS,
        operator: 'Bench',
        zoneOffset: 0,
      };
      const started = performance.now();
      sentAt.set(`${body.station}/${body.step}`, Date.now());
      try {
        const reply = await fetch(`${api.url}/webcyc/api/runner/station`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        });
        const text = await reply.text();
        if (reply.status !== 201) failures += failed(`HTTP ${reply.status}: ${text.slice(0, 200)}`);
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        failures += failed(`${(error as Error).message}: ${cause?.code ?? cause?.message ?? ''}`);
      }
      reportMs.push(performance.now() - started);
    };
    console.log(
      `${STATIONS} stations every ${EVERY_MS / 1000} s (${(STATIONS * 1000) / EVERY_MS}/s), ${STREAMS} streams, ${SECONDS} s; load ${load()}`,
    );
    // one report every EVERY_MS / STATIONS ms, in station order: each station every EVERY_MS
    const apiCpu = () => cpuSeconds((_cmd, pid) => pid === api.pid);
    const dbCpu = () => cpuSeconds(backendsOf(DATABASE));
    const cpuBefore = { api: apiCpu(), db: dbCpu() };
    const started = performance.now();
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
    clearInterval(sampler);
    const sent = reportMs.length;
    const cpuMs = (now: number, before: number) => ((now - before) * 1000) / Math.max(1, sent);
    const perReport = { api: cpuMs(apiCpu(), cpuBefore.api), db: cpuMs(dbCpu(), cpuBefore.db) };
    const expected = sent * STREAMS;
    const firstMinute = rss.filter((s) => s.t - started < 60_000).map((s) => s.mib);
    const lastMinute = rss.filter((s) => s.t - started > SECONDS * 1000 - 60_000).map((s) => s.mib);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const figures = {
      reports: sent,
      failures,
      reportP50: percentile(reportMs, 0.5),
      reportP99: percentile(reportMs, 0.99),
      deliveredShare: delivered / expected,
      deliveryP50: percentile(deliveries, 0.5),
      deliveryP99: percentile(deliveries, 0.99),
      rssFirstMinute: mean(firstMinute),
      rssLastMinute: mean(lastMinute),
      rssMax: Math.max(...rss.map((s) => s.mib)),
    };
    console.log(
      [
        `reports: ${figures.reports} sent, ${figures.failures} failed; p50 ${figures.reportP50.toFixed(1)} ms, p99 ${figures.reportP99.toFixed(1)} ms (target < ${TARGET.reportP99Ms})`,
        `events: ${delivered} of ${expected} delivered (${(figures.deliveredShare * 100).toFixed(2)} %); p50 ${figures.deliveryP50} ms, p99 ${figures.deliveryP99} ms (target < ${TARGET.deliveryP99Ms})`,
        `API resident memory: first minute ${figures.rssFirstMinute.toFixed(0)} MiB, last minute ${figures.rssLastMinute.toFixed(0)} MiB, most ${figures.rssMax.toFixed(0)} MiB`,
        `CPU per report (its 20 deliveries included): API ${perReport.api.toFixed(2)} ms, PostgreSQL ${perReport.db.toFixed(2)} ms`,
        `load ${load()}`,
      ].join('\n'),
    );
    const meets =
      figures.failures === 0 &&
      figures.reportP99 < TARGET.reportP99Ms &&
      figures.deliveredShare === 1 &&
      figures.deliveryP99 < TARGET.deliveryP99Ms;
    for (const [reason, n] of why) console.log(`failed ${n}×: ${reason}`);
    console.log(meets ? 'meets the targets' : 'misses a target');
  } finally {
    for (const stream of streams) stream.close();
    await api.stop();
    await dropDatabase(DEFAULT_SERVER_URL, DATABASE);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
