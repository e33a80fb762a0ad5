/**
 * Issue 40's upload target, side by side in one sitting: an upload that says what measured it
 * (station, runner version, two instruments, two calibrations: whole the first time, by key after)
 * costs at most 10 % more PostgreSQL and API CPU than the same upload without it on the build
 * before issue 40. A third API, issue 40's build uploading as before, tells the build's share from
 * the fields'. All three run at once, each on its own copy of one seeded database, and upload in
 * alternating turns, as `api.bench.ts --audit-cost` compares editor saves; the cost
 * is the CPU per upload of the build's API process and of its database's backends (/proc), which
 * swings far less with the machine's other work than runs per second do. Between copies a build
 * can differ from itself by more than the margin judged (a copy's cache, a process's JIT), so
 * compareOnOneApi (`--origin-share`) measures the fields' share on one API and one copy, with and
 * without them in alternating turns: the verdict issue 40 is judged by.
 */
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { SCALE_IDENTITY } from '@sweepline/tools';
import type { RunningApi } from './api-process';
import { startApi } from './api-process';
import { copyDatabase, dropDatabase } from './bench-db';
import { apiProcess, backendsOf, cpuSeconds } from './cpu';
import { foldsSettled } from './folds-settled';
import type { IngestFigures } from './ingest';
import { ingest } from './ingest';
import { LabOrigins } from './lab-origin';
import { BENCH_STATIONS, benchStation } from './origin-rows';
import type { Api, ProductList } from './scale-account';
import { call, ingestPlan, signIn } from './scale-account';

const ORIGIN_COST = {
  // more on a busy machine: BENCH_ROUNDS
  rounds: Number(process.env['BENCH_ROUNDS'] ?? 3),
  seconds: 15,
  clients: [4, 16],
  maxRatio: 1.1,
};

type Plan = Parameters<typeof ingest>[1];

interface Build {
  name: string;
  /** Another build's dist/main.js; undefined: this checkout's (or BENCH_API_MAIN's). */
  main: string | undefined;
  database: string;
  /** Its uploads say what measured them. */
  origin: boolean;
  api?: RunningApi;
  session?: Api & { labTokens: string[] };
  url?: string;
  plan?: Plan;
  /** One per turn, by client count. */
  figures: Map<number, IngestFigures[]>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Starts the build's API on its copy of `base`. */
async function start(build: Build, serverUrl: string, base: string): Promise<void> {
  build.url = await copyDatabase(serverUrl, base, build.database);
  build.api = await startApi(build.url, { main: build.main });
  build.session = {
    baseUrl: build.api.baseUrl,
    ...(await signIn(build.url, Math.max(...ORIGIN_COST.clients))),
  };
}

/** Plans the build's uploads: new units, lab PCs' tokens and, with `build.origin`, their origins. */
async function planUploads(build: Build, unitsPerProduct: number): Promise<Plan> {
  const session = build.session!;
  const products = (await call<ProductList[]>(session, '/user/product_list')).filter((p) =>
    p.name.startsWith('Scale'),
  );
  return {
    baseUrl: build.api!.baseUrl,
    tokens: session.labTokens,
    // the reports bench's units last some five rounds on a quiet machine (2026-11-30: seven ran
    // out in the sixth); a unit is spent once, so more rounds take more
    ...(await ingestPlan(
      session,
      build.url!,
      products,
      Math.ceil((unitsPerProduct * ORIGIN_COST.rounds) / 4),
    )),
    ...(build.origin ? { origin: labOrigins() } : {}),
  };
}

/** The bench's lab PCs, their calibrations for the shift made ten minutes before the sitting's first run. */
function labOrigins(): LabOrigins {
  const stations = Array.from({ length: BENCH_STATIONS }, (_, i) => benchStation(i + 1));
  return new LabOrigins(
    stations,
    `bench-${process.pid}`,
    new Date(Date.now() - 600_000),
    SCALE_IDENTITY.users[1]!.name,
  );
}

/**
 * Warms the builds up (V8 optimises the hot paths, PostgreSQL fills its caches, the lab PCs make
 * their calibrations), then takes ORIGIN_COST.rounds rounds of turns, the builds' order reversed
 * every other round. Answers the load average before.
 */
async function turns(builds: readonly Build[]): Promise<string> {
  for (const build of builds) await ingest('warm-up', build.plan!, Math.max(...ORIGIN_COST.clients), 5);
  const load = loadavg()[0]!.toFixed(2);
  for (let round = 0; round < ORIGIN_COST.rounds; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) for (const clients of ORIGIN_COST.clients) await turn(build, clients, round);
  }
  return load;
}

/** One turn of one build at `clients`, with the CPU its API and its backends spent per upload. */
async function turn(build: Build, clients: number, round: number): Promise<void> {
  const apiCpu = apiProcess(Number(new URL(build.api!.baseUrl).port));
  const backends = backendsOf(build.database);
  const before = [cpuSeconds(apiCpu), cpuSeconds(backends)];
  const f = await ingest(
    `${build.name}, ${clients} clients, round ${round + 1}`,
    build.plan!,
    clients,
    ORIGIN_COST.seconds,
  );
  // the uploads' step values folded after them belong to their cost
  await foldsSettled(build.url!);
  f.apiCpuMs = ((cpuSeconds(apiCpu) - before[0]!) * 1000) / f.runs;
  f.dbCpuMs = ((cpuSeconds(backends) - before[1]!) * 1000) / f.runs;
  build.figures.set(clients, [...(build.figures.get(clients) ?? []), f]);
}

/** Runs the origin build stored with their station and instruments, and its calibrations made. */
async function originRows(url: string, since: Date): Promise<string> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ runs: number; named: number; sets: number; made: number }>(
      `SELECT (SELECT count(*)::int FROM run WHERE created_at >= $1 AND station IS NOT NULL) AS runs,
              (SELECT count(*)::int FROM run WHERE created_at >= $1 AND origin_set_id IS NOT NULL) AS named,
              (SELECT count(DISTINCT origin_set_id)::int FROM run WHERE created_at >= $1) AS sets,
              (SELECT count(*)::int FROM calibration_record WHERE client_key LIKE $2) AS made`,
      [since, `bench-${process.pid}-%`],
    );
    const r = rows[0]!;
    return `${r.runs} runs stored with their station, ${r.named} naming an origin set (${r.sets} sets among them), ${r.made} calibrations made`;
  } finally {
    await db.end();
  }
}

const PARTS = [
  ['the API', (f: IngestFigures) => f.apiCpuMs!],
  ['PostgreSQL', (f: IngestFigures) => f.dbCpuMs!],
  ['both', (f: IngestFigures) => f.apiCpuMs! + f.dbCpuMs!],
] as const;

/** `after` against `before` at `clients`: each part's median CPU per upload, and the verdict. */
function comparison(after: Build, before: Build, clients: number): string {
  const of = (b: Build, figure: (f: IngestFigures) => number) => median(b.figures.get(clients)!.map(figure));
  const ratios = PARTS.map(([, figure]) => of(after, figure) / of(before, figure));
  const parts = PARTS.map(([name, figure], i) => {
    const more = (ratios[i]! - 1) * 100;
    return `${name} ${of(before, figure).toFixed(2)} → ${of(after, figure).toFixed(2)} ms (${more >= 0 ? '+' : ''}${more.toFixed(1)} %)`;
  });
  const rate = (b: Build) => of(b, (f) => f.perSecond).toFixed(0);
  // the API and PostgreSQL are judged each
  const meets = Math.max(ratios[0]!, ratios[1]!) <= ORIGIN_COST.maxRatio;
  return (
    `${parts.join(', ')}; ${rate(before)} → ${rate(after)} runs/s; ` +
    `${meets ? 'within' : 'over'} ${((ORIGIN_COST.maxRatio - 1) * 100).toFixed(0)} % more, the API and PostgreSQL each`
  );
}

/** The sitting's turns, then each client count's comparisons (`compare`), refusals and units run out. */
function print(
  mode: string,
  builds: readonly Build[],
  load: string,
  stored: string,
  compare: (clients: number) => string[],
): void {
  const ms = (x: number) => x.toFixed(2);
  console.log(
    `\nreports ${mode}: ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}, load average ${load}; ${stored}`,
  );
  console.log(
    '\n| turn | runs | runs/s | median | CPU per run: API, PostgreSQL | refused |\n| --- | ---: | ---: | ---: | ---: | --- |',
  );
  const all = builds.flatMap((b) => [...b.figures.values()].flat());
  for (const f of all)
    console.log(
      `| ${f.label} | ${f.runs} | ${f.perSecond.toFixed(0)} | ${f.median.toFixed(1)} ms | ${ms(f.apiCpuMs!)}, ${ms(f.dbCpuMs!)} ms | ${JSON.stringify(f.refused)} |`,
    );
  console.log('');
  for (const clients of ORIGIN_COST.clients) {
    console.log(`${clients} clients, CPU per upload, medians of ${ORIGIN_COST.rounds} turns:`);
    for (const line of compare(clients)) console.log(`- ${line}`);
  }
  for (const f of all) if (f.firstRefusal) console.log(`${f.label}: first refusal ${f.firstRefusal}`);
  for (const f of all)
    if (f.unitsRanOut) console.log(`${f.label}: the planned units ran out after ${f.seconds.toFixed(1)} s`);
}

/**
 * The comparison on copies of database `base` (seeded, nobody connected), dropped at the end.
 * `afterwards` runs on the issue-40 build's API and database before they stop (the containment
 * queries, in the same sitting).
 */
export async function compareUploads(
  serverUrl: string,
  base: string,
  baselineMain: string,
  unitsPerProduct: number,
  afterwards: (session: Api, url: string) => Promise<void>,
): Promise<void> {
  // the build alone and the origin fields alone, beside the target's two
  const builds: Build[] = [
    {
      name: 'before issue 40, no origin',
      main: baselineMain,
      database: `${base}_before`,
      origin: false,
      figures: new Map(),
    },
    {
      name: 'issue 40, no origin',
      main: undefined,
      database: `${base}_plain`,
      origin: false,
      figures: new Map(),
    },
    {
      name: 'issue 40, with origin',
      main: undefined,
      database: `${base}_origin`,
      origin: true,
      figures: new Map(),
    },
  ];
  try {
    for (const build of builds) {
      await start(build, serverUrl, base);
      build.plan = await planUploads(build, unitsPerProduct);
    }
    const since = new Date();
    const load = await turns(builds);
    const stored = await originRows(builds[2]!.url!, since);
    const [before, plain, origin] = builds as [Build, Build, Build];
    print('--origin-cost', builds, `${load} before, ${loadavg()[0]!.toFixed(2)} after`, stored, (clients) => [
      `the target: ${comparison(origin, before, clients)}`,
      `the origin fields alone: ${comparison(origin, plain, clients)}`,
      `the build alone: ${comparison(plain, before, clients)}`,
    ]);
    await afterwards(builds[2]!.session!, builds[2]!.url!);
  } finally {
    for (const build of builds) {
      await build.api?.stop();
      await dropDatabase(serverUrl, build.database);
    }
  }
}

/**
 * The origin's share on one API and one database (`--origin-share`): one copy of `base`, this
 * checkout's build (or BENCH_API_MAIN), half the planned units uploaded with their origin and
 * half without, in alternating turns. The same process and the same caches serve both, so
 * neither a copy's cache nor a process's JIT decides, as they can between three copies
 * (2026-11-30: the same build on two copies differed by up to 19 %). Dropped at the end.
 */
export async function compareOnOneApi(
  serverUrl: string,
  base: string,
  unitsPerProduct: number,
): Promise<void> {
  const plain: Build = {
    name: 'no origin',
    main: undefined,
    database: `${base}_share`,
    origin: false,
    figures: new Map(),
  };
  const origin: Build = { ...plain, name: 'with origin', origin: true, figures: new Map() };
  try {
    await start(plain, serverUrl, base);
    const both = await planUploads(plain, 2 * unitsPerProduct);
    plain.plan = { ...both, units: both.units.filter((_, i) => i % 2 === 0) };
    Object.assign(origin, { url: plain.url, api: plain.api, session: plain.session });
    origin.plan = { ...both, units: both.units.filter((_, i) => i % 2 === 1), origin: labOrigins() };
    const since = new Date();
    const load = await turns([plain, origin]);
    const stored = await originRows(plain.url!, since);
    print(
      '--origin-share',
      [plain, origin],
      `${load} before, ${loadavg()[0]!.toFixed(2)} after`,
      stored,
      (clients) => [`the origin fields: ${comparison(origin, plain, clients)}`],
    );
  } finally {
    await plain.api?.stop();
    await dropDatabase(serverUrl, plain.database);
  }
}
