/**
 * Issue 5 targets, on the PostgreSQL server (DATABASE_URL, default the local server), in a database
 * of its own seeded with 1,000,000 runs of 20 steps (tools/seed scale mode; BENCH_RUNS to change):
 * (a) runner uploads of 20 step results through HTTP: at least 300 runs/s;
 * (b) each daily report over 90 days: median under 150 ms;
 * (c) the PDF of a 50-step run with two screenshots: median under 50 ms.
 * The API runs built, in a child process. `--keep` keeps the database; `--reuse` measures a kept
 * one again without seeding.
 */
import { performance } from 'node:perf_hooks';
import { dayRange } from '@sweepline/domain';
import { Client } from 'pg';
import { API_TOKEN_PREFIX, hashToken, newToken } from '@sweepline/testing';
import { seed, SCALE_IDENTITY } from '@sweepline/tools';
import { buildApi, RunningApi, startApi } from './lib/api-process';
import { apiProcess, backendsOf, cpuSeconds } from './lib/cpu';
import { createDatabase, databaseUrl, DEFAULT_SERVER_URL, dropDatabase } from './lib/bench-db';
import { ingest, IngestFigures, IngestTest, IngestUnit } from './lib/ingest';
import { preparePdfRun } from './lib/pdf-run';

// BENCH_DATABASE: another name, so that two benches on one server (or a before and an after) keep apart
const DATABASE = process.env['BENCH_DATABASE'] ?? 'sweepline_bench_reports';
const RUNS = Number(process.env['BENCH_RUNS'] ?? 1_000_000);
const TARGET = { ingest: 300, report: 150, pdf: 50 };
const ZONE = 8;

interface Timing {
  label: string;
  median: number;
  p90: number;
  max: number;
  bytes: number;
}

type Api = { baseUrl: string; token: string };

async function call<T>(api: Api, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${api.baseUrl}${path}`, {
    ...init,
    headers: { 'x-auth-token': api.token, 'content-type': 'application/json', ...init.headers },
  });
  const body = (await res.json()) as { status: number; msg: string; data: T };
  if (body.status !== 1) throw new Error(`${path} answered ${res.status}: ${body.msg}`);
  return body.data;
}

/** The median of `n` requests one after another, after three to warm up. */
async function timeGet(api: Api, label: string, path: string, n = 20): Promise<Timing> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = -3; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(`${api.baseUrl}${path}`, { headers: { 'x-auth-token': api.token } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200)
      throw new Error(`${label} answered ${res.status}: ${body.toString().slice(0, 200)}`);
    if (i >= 0) times.push(performance.now() - t0);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { label, median: times[n >> 1]!, p90: times[Math.floor(n * 0.9)]!, max: times[n - 1]!, bytes };
}

/**
 * A session of the scale account's manager (reports, PDF, adding serial numbers), and an API
 * token for each of `labPcs` runners, as the command-line runner uploads with one (role operator).
 */
async function signIn(
  url: string,
  labPcs: number,
): Promise<{ token: string; accountId: number; labTokens: string[] }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number; account_id: number }>(
      `SELECT id, account_id FROM app_user WHERE email = $1 AND deleted_at IS NULL`,
      [SCALE_IDENTITY.users[0]!.email],
    );
    const manager = rows[0];
    if (!manager) throw new Error('The scale account is missing: run without --reuse');
    const token = newToken();
    await db.query(
      `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [hashToken(token), manager.id],
    );
    const labTokens = Array.from({ length: labPcs }, () => newToken(API_TOKEN_PREFIX));
    for (const [i, lab] of labTokens.entries()) {
      await db.query(
        `INSERT INTO api_token (account_id, name, role, token_hash, created_by) VALUES ($1, $2, 2, $3, $4)`,
        [manager.account_id, `Lab PC ${process.pid}-${i + 1}`, hashToken(lab), manager.id],
      );
    }
    return { token, accountId: manager.account_id, labTokens };
  } finally {
    await db.end();
  }
}

interface ProductList {
  id: number;
  name: string;
  seqs: { id: number; name: string }[];
}

/** New units in every scale product (POST /sn) and each test's step results, from seeded runs. */
async function ingestPlan(api: Api, url: string, products: ProductList[], perProduct: number) {
  const units: (IngestUnit & { n: number })[] = [];
  for (const p of products) {
    for (let from = 0; from < perProduct; from += 1000) {
      const numbers = Array.from({ length: Math.min(1000, perProduct - from) }, (_, i) => from + i);
      const sn_array = numbers.map((n) => `ING${process.pid}-${p.id}-${n}`);
      await call(api, '/sn', { method: 'POST', body: JSON.stringify({ product_id: p.id, sn_array }) });
      units.push(...sn_array.map((sn, i) => ({ sn, productId: p.id, n: numbers[i]! })));
    }
  }
  // round robin over the products, so the clients work on all of them at once
  units.sort((a, b) => a.n - b.n || a.productId - b.productId);
  const db = new Client({ connectionString: url });
  await db.connect();
  const tests = new Map<number, IngestTest[]>();
  for (const p of products) {
    const list: IngestTest[] = [];
    for (const s of p.seqs) {
      const { rows } = await db.query(
        `SELECT s.version, (SELECT steps FROM run WHERE seq_id = s.id AND result = 1 LIMIT 1) AS pass,
                (SELECT steps FROM run WHERE seq_id = s.id AND result = 0 LIMIT 1) AS fail
           FROM seq s WHERE s.id = $1`,
        [s.id],
      );
      list.push({ seqId: s.id, version: rows[0].version, pass: rows[0].pass, fail: rows[0].fail });
    }
    tests.set(p.id, list);
  }
  await db.end();
  return { units, tests };
}

/** Uploads at 4, 8 and 16 clients, with the CPU time the API and PostgreSQL spent per run. */
async function measureIngest(
  api: Api,
  url: string,
  products: ProductList[],
  labTokens: string[],
): Promise<IngestFigures[]> {
  const plan = { baseUrl: api.baseUrl, tokens: labTokens, ...(await ingestPlan(api, url, products, 3000)) };
  const apiCpu = apiProcess(Number(new URL(api.baseUrl).port));
  await ingest('warm-up', plan, 4, 5);
  const figures: IngestFigures[] = [];
  for (const clients of [4, 8, 16]) {
    const before = [cpuSeconds(apiCpu), cpuSeconds(backendsOf(DATABASE))];
    const f = await ingest(`${clients} clients`, plan, clients, 15);
    f.apiCpuMs = ((cpuSeconds(apiCpu) - before[0]!) * 1000) / f.runs;
    f.dbCpuMs = ((cpuSeconds(backendsOf(DATABASE)) - before[1]!) * 1000) / f.runs;
    figures.push(f);
  }
  return figures;
}

async function measureReports(api: Api, products: ProductList[]): Promise<Timing[]> {
  const product = products[0]!;
  const seqId = product.seqs[0]!.id;
  const today = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  const day = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  const range = dayRange(day(90), day(1), ZONE);
  const q = `start_time=${range.start_time}&stop_time=${range.stop_time}&zone_offset=${ZONE}`;
  return [
    await timeGet(
      api,
      'daily_test_unit_count, all products',
      `/report/daily_test_unit_count?product_id=-1&${q}`,
    ),
    await timeGet(
      api,
      'daily_test_unit_count, one product',
      `/report/daily_test_unit_count?product_id=${product.id}&${q}`,
    ),
    await timeGet(api, 'daily_pass_rate', `/report/daily_pass_rate?seq_id=${seqId}&${q}`),
    await timeGet(api, 'sn_pass_yield, is_first=1', `/report/sn_pass_yield?seq_id=${seqId}&is_first=1&${q}`),
    await timeGet(api, 'sn_pass_yield, is_first=0', `/report/sn_pass_yield?seq_id=${seqId}&is_first=0&${q}`),
  ];
}

function print(
  seedSeconds: number | undefined,
  ingested: IngestFigures[],
  reports: Timing[],
  pdf: Timing,
): void {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(
    `\nreports: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${RUNS.toLocaleString('en')} runs`,
  );
  if (seedSeconds !== undefined)
    console.log(`seed: ${RUNS.toLocaleString('en')} runs of 20 steps in ${seedSeconds.toFixed(0)} s`);
  console.log(
    '\n| uploads (20 step results each) | runs | runs/s | median | p99 | CPU per run: client, API, PostgreSQL | refused |\n' +
      '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const f of ingested) {
    const cpu = `${f.clientCpuMs.toFixed(1)}, ${f.apiCpuMs?.toFixed(1)}, ${f.dbCpuMs?.toFixed(1)} ms`;
    console.log(
      `| ${f.label} | ${f.runs} | ${f.perSecond.toFixed(0)} | ${ms(f.median)} | ${ms(f.p99)} | ${cpu} | ${JSON.stringify(f.refused)} |`,
    );
  }
  console.log(
    '\n| request (90 days, 20 times) | median | p90 | max | reply |\n| --- | ---: | ---: | ---: | ---: |',
  );
  for (const t of [...reports, pdf]) {
    console.log(
      `| ${t.label} | ${ms(t.median)} | ${ms(t.p90)} | ${ms(t.max)} | ${(t.bytes / 1024).toFixed(1)} KiB |`,
    );
  }
  const best = Math.max(...ingested.map((f) => f.perSecond));
  const slowest = Math.max(...reports.map((t) => t.median));
  const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
  console.log(
    `\ningest: ${verdict(best >= TARGET.ingest)} the target (≥ ${TARGET.ingest} runs/s): best ${best.toFixed(0)} runs/s`,
  );
  console.log(
    `reports: ${verdict(slowest < TARGET.report)} the target (< ${TARGET.report} ms each): slowest median ${ms(slowest)}`,
  );
  console.log(
    `pdf: ${verdict(pdf.median < TARGET.pdf)} the target (< ${TARGET.pdf} ms): median ${ms(pdf.median)}`,
  );
  for (const f of ingested) if (f.firstRefusal) console.log(`${f.label}: first refusal ${f.firstRefusal}`);
}

async function main(): Promise<void> {
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_SERVER_URL;
  const keep = process.argv.includes('--keep') || process.argv.includes('--reuse');
  const reuse = process.argv.includes('--reuse');
  console.log('building the API…');
  buildApi();
  let api: RunningApi | undefined;
  try {
    const url = reuse ? databaseUrl(serverUrl, DATABASE) : await createDatabase(serverUrl, DATABASE);
    api = await startApi(url); // migrates a new database
    let seedSeconds: number | undefined;
    if (!reuse) {
      const db = new Client({ connectionString: url });
      await db.connect();
      const started = performance.now();
      await seed(db, DATABASE, { runs: RUNS, progress: (line) => console.log(`  ${line}`) }).finally(() =>
        db.end(),
      );
      seedSeconds = (performance.now() - started) / 1000;
      console.log(`seeded ${RUNS.toLocaleString('en')} runs in ${seedSeconds.toFixed(0)} s`);
    }
    const session = { baseUrl: api.baseUrl, ...(await signIn(url, 16)) };
    const products = (await call<ProductList[]>(session, '/user/product_list')).filter((p) =>
      p.name.startsWith('Scale'),
    );
    const reports = await measureReports(session, products);
    const ingested = await measureIngest(session, url, products, session.labTokens);
    const pdfPath = await preparePdfRun(session, url, session.accountId, ZONE);
    const pdf = await timeGet(session, 'PDF, 50 steps, 2 screenshots, 2 traces', pdfPath);
    print(seedSeconds, ingested, reports, pdf);
  } finally {
    await api?.stop();
    if (!keep) await dropDatabase(serverUrl, DATABASE);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
