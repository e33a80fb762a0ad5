/**
 * Issue 16 target: the manager's account export (GET /user/export) of the 1,000,000-run account
 * (tools/seed scale mode, BENCH_RUNS to change): at least 20,000 runs/s, with the API's memory
 * flat (its resident set is sampled every 100 ms while the archive streams). The database of the
 * reports bench (`sweepline_bench_reports`, kept by `npm run bench -- reports --keep`) is used
 * when it holds the scale account; otherwise one of its own is seeded (kept with `--keep`, measured
 * again without seeding with `--reuse`). The API's and its database backends' CPU seconds per export
 * tell what limits it when the machine is shared.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { hashToken, newToken } from '@sweepline/testing';
import { seed, SCALE_IDENTITY } from '@sweepline/tools';
import type { RunningApi } from './lib/api-process';
import { buildApi, startApi } from './lib/api-process';
import { backendsOf, cpuSeconds } from './lib/cpu';
import { createDatabase, databaseUrl, DEFAULT_SERVER_URL, dropDatabase } from './lib/bench-db';

const SHARED = 'sweepline_bench_reports';
const OWN = 'sweepline_bench_export';
const RUNS = Number(process.env['BENCH_RUNS'] ?? 1_000_000);
const TARGET_RUNS_PER_S = 20_000;

/** The manager of the scale account, and a fresh session of theirs; undefined when missing. */
async function managerSession(url: string): Promise<{ token: string; runs: number } | undefined> {
  const db = new Client({ connectionString: url });
  try {
    await db.connect();
    const { rows } = await db.query<{ id: number; runs: number }>(
      `SELECT u.id, (SELECT count(*)::int FROM run r WHERE r.account_id = u.account_id) AS runs
         FROM app_user u WHERE u.email = $1 AND u.deleted_at IS NULL`,
      [SCALE_IDENTITY.users[0]!.email],
    );
    const manager = rows[0];
    if (!manager) return undefined;
    const token = newToken();
    await db.query(
      `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [hashToken(token), manager.id],
    );
    return { token, runs: manager.runs };
  } catch {
    return undefined; // no such database, or not migrated
  } finally {
    await db.end().catch(() => undefined);
  }
}

function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

interface Figures {
  runs: number;
  seconds: number;
  bytes: number;
  rssBefore: number;
  rssMax: number;
  rssAfter: number;
  apiCpu: number;
  dbCpu: number;
}

async function measure(api: RunningApi, database: string, token: string, runs: number): Promise<Figures> {
  const apiCpu = (_cmdline: string, pid: number) => pid === api.pid; // BENCH_API_MAIN's build too
  const cpuBefore = [cpuSeconds(apiCpu), cpuSeconds(backendsOf(database))];
  const rssBefore = rssMiB(api.pid);
  let rssMax = rssBefore;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMiB(api.pid))), 100);
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(`${api.baseUrl}/user/export`, { headers: { 'x-auth-token': token } });
    if (res.status !== 200 || !res.body) throw new Error(`GET /user/export answered ${res.status}`);
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      bytes += chunk.value.length;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    runs,
    seconds,
    bytes,
    rssBefore,
    rssMax,
    rssAfter: rssMiB(api.pid),
    apiCpu: cpuSeconds(apiCpu) - cpuBefore[0]!,
    dbCpu: cpuSeconds(backendsOf(database)) - cpuBefore[1]!,
  };
}

async function main(): Promise<void> {
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_SERVER_URL;
  const reuse = process.argv.includes('--reuse');
  const keep = reuse || process.argv.includes('--keep');
  console.log('building the API…');
  buildApi();
  let api: RunningApi | undefined;
  let own = false;
  try {
    let database = SHARED;
    let url = databaseUrl(serverUrl, database);
    let session = await managerSession(url);
    if (!session) {
      own = true;
      database = OWN;
      url = databaseUrl(serverUrl, database);
      session = reuse ? await managerSession(url) : undefined;
      if (reuse && !session) throw new Error(`${OWN} holds no scale account: run with --keep first`);
      if (!reuse) url = await createDatabase(serverUrl, OWN);
    }
    api = await startApi(url); // migrates a new database
    if (!session) {
      const db = new Client({ connectionString: url });
      await db.connect();
      const started = performance.now();
      await seed(db, OWN, { runs: RUNS, progress: (line) => console.log(`  ${line}`) }).finally(() =>
        db.end(),
      );
      console.log(
        `seeded ${RUNS.toLocaleString('en')} runs in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      session = (await managerSession(url))!;
    } else {
      console.log(`reusing ${database} (${session.runs.toLocaleString('en')} runs)`);
    }
    const results = [
      await measure(api, database, session.token, session.runs),
      await measure(api, database, session.token, session.runs),
    ];
    console.log('\nexport of the scale account (GET /user/export), twice:');
    for (const r of results) {
      const rate = r.runs / r.seconds;
      console.log(
        `  ${r.runs.toLocaleString('en')} runs in ${r.seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} runs/s ` +
          `(target ≥ ${TARGET_RUNS_PER_S.toLocaleString('en')}: ${rate >= TARGET_RUNS_PER_S ? 'met' : 'MISSED'}), ` +
          `${(r.bytes / 1024 / 1024).toFixed(0)} MiB at ${(r.bytes / 1024 / 1024 / r.seconds).toFixed(0)} MiB/s; ` +
          `API RSS ${r.rssBefore.toFixed(0)} MiB before, ${r.rssMax.toFixed(0)} MiB at most, ${r.rssAfter.toFixed(0)} MiB after; ` +
          `CPU ${r.apiCpu.toFixed(1)} s in the API (${Math.round(r.runs / r.apiCpu).toLocaleString('en')} runs per CPU-second), ` +
          `${r.dbCpu.toFixed(1)} s in PostgreSQL`,
      );
    }
  } finally {
    await api?.stop();
    if (own && !keep) await dropDatabase(serverUrl, OWN);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
