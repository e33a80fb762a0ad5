/**
 * Issue 5's and issue 27's targets, on the PostgreSQL server (DATABASE_URL, default the local server),
 * in a database of its own seeded with 1,000,000 runs of 20 steps (tools/seed scale mode; BENCH_RUNS
 * to change, 10,000,000 for issue 27's second sitting):
 * (a) runner uploads of 20 step results through HTTP: at least 300 runs/s, and PostgreSQL's CPU
 *     per upload at most 0.7 ms (its backends' CPU time from /proc, divided by the uploads; the
 *     folds after them and their quarter hours' closing included: lib/quarter-hours-closing.ts);
 * (b) each daily report over 90 days: median under 50 ms (issue 5 asked 150 ms);
 * (c) the PDF of a 50-step run with two screenshots: median under 50 ms;
 * (d) issue 40: a containment query by instrument over 90 days, median under 200 ms. The seeded
 *     runs get their stations, instruments and calibrations here (lib/origin-rows.ts).
 * The API runs built, in a child process. `--keep` keeps the database; `--reuse` measures a kept
 * one again without seeding; `--ingest-only` measures the uploads alone (a short sitting that
 * compares two builds' request pipelines, docs/performance.md); `--seed-only` seeds a database and
 * keeps it, measuring nothing (a base to copy with CREATE DATABASE … TEMPLATE).
 * `--origin-cost` (issue 40): uploads that say what measured them against the build before
 * (BENCH_BASELINE_MAIN: its apps/api/dist/main.js) uploading as before, side by side on copies of
 * the kept database (seeded first when it is missing), then (d) on the copy (lib/origin-cost.ts).
 * `--origin-share` (issue 40): on one API and one copy of the kept database, uploads with and
 * without their origin in alternating turns (lib/origin-cost.ts).
 */
import { performance } from 'node:perf_hooks';
import { dayRange } from '@sweepline/domain';
import { Client } from 'pg';
import { seed } from '@sweepline/tools';
import type { RunningApi } from './lib/api-process';
import { buildApi, startApi } from './lib/api-process';
import { apiProcess, backendsOf, cpuSeconds } from './lib/cpu';
import {
  createDatabase,
  databaseExists,
  databaseUrl,
  DEFAULT_SERVER_URL,
  dropDatabase,
} from './lib/bench-db';
import type { ContainmentTiming } from './lib/containment-timing';
import { timeContainment } from './lib/containment-timing';
import { quarterHourAhead, quarterHoursClosingCost } from './lib/quarter-hours-closing';
import type { IngestFigures } from './lib/ingest';
import { ingest } from './lib/ingest';
import { foldsSettled } from './lib/folds-settled';
import { compareOnOneApi, compareUploads } from './lib/origin-cost';
import { ensureOriginRows } from './lib/origin-rows';
import type { Api, ProductList } from './lib/scale-account';
import { call, ingestPlan, signIn } from './lib/scale-account';
import { timeGet, type Timing } from './lib/time-get';
import { preparePdfRun } from './lib/pdf-run';
import { rawInsert, type RawInsertFigures } from './lib/raw-insert';

// BENCH_DATABASE: another name, so that two benches on one server (or a before and an after) keep apart
const DATABASE = process.env['BENCH_DATABASE'] ?? 'sweepline_bench_reports';
const RUNS = Number(process.env['BENCH_RUNS'] ?? 1_000_000);
/**
 * Issue 5's ingest and PDF; issue 27's report median (150 ms before) and PostgreSQL CPU per upload;
 * issue 40's containment by instrument.
 */
const TARGET = { ingest: 300, report: 50, pdf: 50, dbCpuMs: 0.7, containment: 200 };
const ZONE = 8;
/**
 * New units per scale product for the uploads: enough for 5 s of warm-up and 15 s at each client
 * count at about 1,100 runs/s (a quiet machine in November 2026: 3,000 ran out at 16 clients).
 */
const UNITS_PER_PRODUCT = 8000;

/** Uploads at 4, 8 and 16 clients, with the CPU time the API and PostgreSQL spent per run. */
async function measureIngest(
  api: Api,
  url: string,
  products: ProductList[],
  labTokens: string[],
): Promise<IngestFigures[]> {
  const plan = {
    baseUrl: api.baseUrl,
    tokens: labTokens,
    ...(await ingestPlan(api, url, products, UNITS_PER_PRODUCT)),
  };
  const apiCpu = apiProcess(Number(new URL(api.baseUrl).port));
  await quarterHourAhead(url);
  await ingest('warm-up', plan, 4, 5);
  const figures: IngestFigures[] = [];
  for (const clients of [4, 8, 16]) {
    const before = [cpuSeconds(apiCpu), cpuSeconds(backendsOf(DATABASE))];
    const f = await ingest(`${clients} clients`, plan, clients, 15);
    // the uploads' step values folded after them belong to their cost
    await foldsSettled(url);
    f.apiCpuMs = ((cpuSeconds(apiCpu) - before[0]!) * 1000) / f.runs;
    f.dbCpuMs = ((cpuSeconds(backendsOf(DATABASE)) - before[1]!) * 1000) / f.runs;
    figures.push(f);
  }
  // so do their quarter hours' closing, once each is over (after the sitting): its cost per run
  const closing = await quarterHoursClosingCost(url);
  if (closing && closing.runs > 0) {
    const perRun = closing.cpuMs / closing.runs;
    console.log(
      `closing the open quarter hours: PostgreSQL ${closing.cpuMs.toFixed(0)} ms for ${closing.runs} runs, ` +
        `${perRun.toFixed(3)} ms per run (added to each load's figure)`,
    );
    for (const f of figures) f.dbCpuMs = f.dbCpuMs! + perRun;
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

async function pdfTiming(api: Api, url: string, accountId: number): Promise<Timing> {
  const pdfPath = await preparePdfRun(api, url, accountId, ZONE);
  return timeGet(api, 'PDF, 50 steps, 2 screenshots, 2 traces', pdfPath);
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');

/** Issue 40's containment rows and the verdict on the instrument's (the first). */
function printContainment(timings: ContainmentTiming[]): void {
  console.log(
    '\n| containment | median | p90 | max | reply | runs matched, units listed |\n| --- | ---: | ---: | ---: | ---: | --- |',
  );
  for (const t of timings) {
    const what = `${t.runCount} runs${t.truncated ? ' (list cut)' : ''}, ${t.units} units`;
    console.log(
      `| ${t.label} | ${ms(t.median)} | ${ms(t.p90)} | ${ms(t.max)} | ${(t.bytes / 1024).toFixed(1)} KiB | ${what} |`,
    );
  }
  const byInstrument = timings[0]!;
  console.log(
    `containment: ${verdict(byInstrument.median < TARGET.containment)} the target (< ${TARGET.containment} ms by instrument over 90 days): median ${ms(byInstrument.median)}`,
  );
}

function print(
  seedSeconds: number | undefined,
  ingested: IngestFigures[],
  reports: Timing[],
  pdf: Timing | undefined,
): void {
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
    // two decimals: /proc counts 10 ms ticks, and a phase's API spends seconds of them
    const cpu = `${f.clientCpuMs.toFixed(2)}, ${f.apiCpuMs?.toFixed(2)}, ${f.dbCpuMs?.toFixed(2)} ms`;
    console.log(
      `| ${f.label} | ${f.runs} | ${f.perSecond.toFixed(0)} | ${ms(f.median)} | ${ms(f.p99)} | ${cpu} | ${JSON.stringify(f.refused)} |`,
    );
  }
  const requests = pdf ? [...reports, pdf] : reports;
  if (requests.length > 0)
    console.log(
      '\n| request (90 days, 20 times) | median | p90 | max | reply |\n| --- | ---: | ---: | ---: | ---: |',
    );
  for (const t of requests) {
    console.log(
      `| ${t.label} | ${ms(t.median)} | ${ms(t.p90)} | ${ms(t.max)} | ${(t.bytes / 1024).toFixed(1)} KiB |`,
    );
  }
  const best = Math.max(...ingested.map((f) => f.perSecond));
  const slowest = Math.max(...reports.map((t) => t.median));
  console.log(
    `\ningest: ${verdict(best >= TARGET.ingest)} the target (≥ ${TARGET.ingest} runs/s): best ${best.toFixed(0)} runs/s`,
  );
  const dbCpu = Math.max(...ingested.map((f) => f.dbCpuMs ?? Infinity));
  console.log(
    `PostgreSQL CPU: ${verdict(dbCpu <= TARGET.dbCpuMs)} the target (≤ ${TARGET.dbCpuMs} ms per upload at each client count): highest ${ms(dbCpu)}`,
  );
  if (reports.length > 0)
    console.log(
      `reports: ${verdict(slowest < TARGET.report)} the target (< ${TARGET.report} ms each): slowest median ${ms(slowest)}`,
    );
  if (pdf)
    console.log(
      `pdf: ${verdict(pdf.median < TARGET.pdf)} the target (< ${TARGET.pdf} ms): median ${ms(pdf.median)}`,
    );
  for (const f of ingested) if (f.firstRefusal) console.log(`${f.label}: first refusal ${f.firstRefusal}`);
  for (const f of ingested)
    if (f.unitsRanOut) console.log(`${f.label}: the planned units ran out after ${f.seconds.toFixed(1)} s`);
}

/** The uploads' PostgreSQL CPU beside a raw insert of the same runs (issue 41's ratio to beat). */
function printRawInsert(raw: RawInsertFigures, ingested: IngestFigures[]): void {
  console.log(
    `\nraw insert of the uploaded runs' rows (4 clients, one transaction each, no index nor trigger): ` +
      `${raw.inserts} inserts, PostgreSQL ${raw.dbCpuMs.toFixed(3)} ms each`,
  );
  for (const f of ingested)
    console.log(
      `${f.label}: the upload costs PostgreSQL ${((f.dbCpuMs ?? NaN) / raw.dbCpuMs).toFixed(1)} times that`,
    );
}

/** The runs' stations, instruments and calibrations, unless the database has them (issue 40). */
async function addOriginRows(url: string): Promise<void> {
  const made = await ensureOriginRows(url);
  if (made)
    console.log(
      `origin rows: ${made.runs.toLocaleString('en')} runs on ${made.stations} stations, ` +
        `${made.calibrations} calibrations, in ${made.seconds.toFixed(0)} s`,
    );
}

/** Seeds RUNS runs of the scale account and their origin rows into a new database; seconds. */
async function seedDatabase(url: string): Promise<number> {
  const db = new Client({ connectionString: url });
  await db.connect();
  const started = performance.now();
  await seed(db, DATABASE, { runs: RUNS, progress: (line) => console.log(`  ${line}`) }).finally(() =>
    db.end(),
  );
  await addOriginRows(url);
  const seconds = (performance.now() - started) / 1000;
  console.log(`seeded ${RUNS.toLocaleString('en')} runs in ${seconds.toFixed(0)} s`);
  return seconds;
}

/**
 * The kept database issue 40's sittings copy, seeded when missing and migrated by this build (or
 * BENCH_API_MAIN's, built when not given), so that every copy starts from the same schema.
 */
async function readyBase(serverUrl: string): Promise<void> {
  // issue 40's build is this checkout's, or another as built (BENCH_API_MAIN: a clean commit's)
  if (!process.env['BENCH_API_MAIN']) {
    console.log('building the API…');
    buildApi();
  }
  const exists = await databaseExists(serverUrl, DATABASE);
  const url = exists ? databaseUrl(serverUrl, DATABASE) : await createDatabase(serverUrl, DATABASE);
  const api = await startApi(url);
  try {
    if (exists) await addOriginRows(url);
    else await seedDatabase(url);
  } finally {
    await api.stop();
  }
}

/**
 * Issue 40's side-by-side sitting on copies of the kept database, then its containment queries on
 * the issue-40 build's copy.
 */
async function compareOrigin(serverUrl: string): Promise<void> {
  const baseline = process.env['BENCH_BASELINE_MAIN'];
  if (!baseline)
    throw new Error(
      '--origin-cost needs BENCH_BASELINE_MAIN: the build before issue 40, its apps/api/dist/main.js',
    );
  await readyBase(serverUrl);
  await compareUploads(serverUrl, DATABASE, baseline, UNITS_PER_PRODUCT, async (session, copy) =>
    printContainment(await timeContainment(session, copy)),
  );
}

/** The origin's share on one API and one copy of the kept database. */
async function compareOriginShare(serverUrl: string): Promise<void> {
  await readyBase(serverUrl);
  await compareOnOneApi(serverUrl, DATABASE, UNITS_PER_PRODUCT);
}

async function main(): Promise<void> {
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_SERVER_URL;
  if (process.argv.includes('--origin-cost')) return compareOrigin(serverUrl);
  if (process.argv.includes('--origin-share')) return compareOriginShare(serverUrl);
  const seedOnly = process.argv.includes('--seed-only');
  const keep = seedOnly || process.argv.includes('--keep') || process.argv.includes('--reuse');
  const reuse = process.argv.includes('--reuse');
  const ingestOnly = process.argv.includes('--ingest-only');
  // another build's main.js (BENCH_API_MAIN) is measured as it was built
  if (!process.env['BENCH_API_MAIN']) {
    console.log('building the API…');
    buildApi();
  }
  let api: RunningApi | undefined;
  try {
    const url = reuse ? databaseUrl(serverUrl, DATABASE) : await createDatabase(serverUrl, DATABASE);
    api = await startApi(url); // migrates a new database
    let seedSeconds: number | undefined;
    // a database kept from before issue 40 gets its origin rows now
    if (reuse) await addOriginRows(url);
    else seedSeconds = await seedDatabase(url);
    if (seedOnly) return;
    const session = { baseUrl: api.baseUrl, ...(await signIn(url, 16)) };
    const products = (await call<ProductList[]>(session, '/user/product_list')).filter((p) =>
      p.name.startsWith('Scale'),
    );
    const reports = ingestOnly ? [] : await measureReports(session, products);
    const containment = ingestOnly ? [] : await timeContainment(session, url);
    const ingested = await measureIngest(session, url, products, session.labTokens);
    const raw = await rawInsert(url, DATABASE, 4, 10);
    const pdf = ingestOnly ? undefined : await pdfTiming(session, url, session.accountId);
    print(seedSeconds, ingested, reports, pdf);
    printRawInsert(raw, ingested);
    if (containment.length > 0) printContainment(containment);
  } finally {
    await api?.stop();
    if (!keep) await dropDatabase(serverUrl, DATABASE);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
