/**
 * Issue 4 target: p99 under 50 ms at 200 requests/s on this 2-core machine, for GET /user/edit of
 * an account with 50 products × 10 tests × 30 steps and for PUT /step/param/{id}. autocannon on
 * loopback against the built API in a child process, on its own database of the PostgreSQL
 * server (DATABASE_URL, default the local server), created and dropped here.
 *
 * `--audit-cost` (issue 39): an editor save costs at most 10 % more with its audit row. The build
 * before the audit trail (BENCH_BASELINE_MAIN: its apps/api/dist/main.js) and this one, each on
 * its own database seeded alike, both running, measured in turns in one sitting (docs/performance.md).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { ActionId } from '@sweepline/domain';
import { completeParam, FILL } from '@sweepline/domain/src/testing/step-fixtures';
import type { RunningApi } from './lib/api-process';
import { buildApi, startApi, withApiOnDatabase } from './lib/api-process';
import type { Seeded, Shape } from './lib/bench-db';
import { createDatabase, DEFAULT_SERVER_URL, dropDatabase, seed } from './lib/bench-db';
import type { Figures, LoadRequest } from './lib/load';
import { load, paced, table } from './lib/load';

const SHAPE: Shape = { products: 50, testsPerProduct: 10, stepsPerTest: 30 };
const DATABASE = 'sweepline_bench';
const TARGET = { rate: 200, p99: 50 };
const EDIT = '/webcyc/api/user/edit';
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** The Insertion Loss Min step (position 4, default-named) of the first two tests of ten products. */
const PARAM_STEPS = { products: 10, tests: 2, position: 4 };

async function currentEtag(api: RunningApi, token: string): Promise<string> {
  const res = await fetch(`${api.baseUrl}/user/edit`, { headers: { 'x-auth-token': token } });
  const body = (await res.json()) as { status: number; data: unknown[] };
  if (res.status !== 200 || body.status !== 1 || body.data.length !== SHAPE.products) {
    throw new Error(`GET /user/edit answered ${res.status} with ${JSON.stringify(body).slice(0, 200)}`);
  }
  const etag = res.headers.get('etag');
  if (!etag) throw new Error('GET /user/edit answered no ETag');
  return etag;
}

/**
 * PUT /step/param bodies over 20 steps in 10 products (so no single product lock is hot), each
 * step's param alternating between two complete ranges: every save changes the step, its default
 * name and its test, as an editor's save does.
 */
function paramRequests(seeded: Seeded, token: string): LoadRequest[] {
  const headers = { 'x-auth-token': token, 'content-type': 'application/json' };
  const steps: number[] = [];
  for (let p = 0; p < PARAM_STEPS.products; p++) {
    for (let t = 0; t < PARAM_STEPS.tests; t++) {
      steps.push(seeded.stepIds[p * SHAPE.testsPerProduct + t]![PARAM_STEPS.position]!);
    }
  }
  const fills = [FILL, { ...FILL, startFreq: 300, stopFreq: 700 }];
  return fills.flatMap((fill) =>
    steps.map((id) => ({
      method: 'PUT' as const,
      path: `/webcyc/api/step/param/${id}`,
      headers,
      body: JSON.stringify({ param: completeParam(ActionId.InsertionLossMin, fill) }),
    })),
  );
}

function verdict(f: Figures, expected: string): string {
  const others = Object.keys(f.statuses).filter((code) => code !== expected);
  const clean = others.length === 0 && f.errors === 0 && f.timeouts === 0;
  const meets = clean && f.p99 < TARGET.p99 && f.perSecond >= TARGET.rate * 0.97;
  return `${f.label}: ${meets ? 'meets' : 'misses'} the target (p99 < ${TARGET.p99} ms at ${TARGET.rate} req/s)${
    clean
      ? ''
      : `; unexpected replies ${JSON.stringify(f.statuses)}, ${f.errors} errors, ${f.timeouts} timeouts`
  }`;
}

async function measure(api: RunningApi, seeded: Seeded): Promise<Figures[]> {
  const url = api.baseUrl.replace(/\/webcyc\/api$/, '');
  const auth = { 'x-auth-token': seeded.token };
  // what a browser sends: the API answers its kept gzipped reply (docs/api/editor.md)
  const full: LoadRequest[] = [{ path: EDIT, headers: { ...auth, 'accept-encoding': BROWSER_ENCODINGS } }];
  const fullPlain: LoadRequest[] = [{ path: EDIT, headers: { ...auth, 'accept-encoding': 'identity' } }];
  const puts = paramRequests(seeded, seeded.token);
  // warm-up: V8 optimises the hot paths, PostgreSQL fills its caches
  await load('warm-up', { url, requests: full, connections: 2, seconds: 5 });
  await load('warm-up', { url, requests: puts, connections: 4, seconds: 3, rate: 100 });

  const figures: Figures[] = [];
  for (const connections of [1, 4]) {
    figures.push(
      await load(
        `GET /user/edit, full reply without gzip, ${connections} connection${connections > 1 ? 's' : ''}`,
        {
          url,
          requests: fullPlain,
          connections,
          seconds: 10,
        },
      ),
    );
  }
  const etag = await currentEtag(api, seeded.token);
  const revalidate: LoadRequest[] = [{ path: EDIT, headers: { ...auth, 'if-none-match': etag } }];
  const fixed = { url, seconds: 10, rate: TARGET.rate };
  const spread = { ...fixed, clients: 20 };
  figures.push(
    await paced(`GET /user/edit, full reply (gzip), ${TARGET.rate}/s from 20 clients`, {
      ...spread,
      requests: full,
    }),
    await load(`GET /user/edit, full reply (gzip), ${TARGET.rate}/s in bursts of 10`, {
      ...fixed,
      requests: full,
      connections: 10,
    }),
    await load('GET /user/edit, full reply (gzip), 4 connections flat out', {
      url,
      requests: full,
      connections: 4,
      seconds: 10,
    }),
    await paced(`GET /user/edit, If-None-Match (304), ${TARGET.rate}/s from 20 clients`, {
      ...spread,
      requests: revalidate,
    }),
    await load(`GET /user/edit, If-None-Match (304), ${TARGET.rate}/s in bursts of 10`, {
      ...fixed,
      requests: revalidate,
      connections: 10,
    }),
    await load('GET /user/edit, If-None-Match (304), 4 connections flat out', {
      url,
      requests: revalidate,
      connections: 4,
      seconds: 10,
    }),
    await paced(`PUT /step/param/{id}, ${TARGET.rate}/s from 20 clients`, { ...spread, requests: puts }),
    await load(`PUT /step/param/{id}, ${TARGET.rate}/s in bursts of 10`, {
      ...fixed,
      requests: puts,
      connections: 10,
    }),
    await load('PUT /step/param/{id}, 4 connections flat out', {
      url,
      requests: puts,
      connections: 4,
      seconds: 10,
    }),
  );
  return figures;
}

/** Issue 39's comparison: turns of flat-out saves, alternating which build goes first. */
const AUDIT_COST = {
  // more on a busy machine: BENCH_ROUNDS
  rounds: Number(process.env['BENCH_ROUNDS'] ?? 3),
  seconds: 10,
  connections: [1, 4],
  maxRatio: 1.1,
};

interface Build {
  name: string;
  main: string | undefined;
  database: string;
  api?: RunningApi;
  puts?: LoadRequest[];
  /** Figures per connections setting, one per round. */
  figures: Map<number, Figures[]>;
  /** CPU milliseconds per save (the API's process and its PostgreSQL backends), one per round. */
  cpu: Map<number, number[]>;
  /** A connection to its database, to find its backends. */
  monitor?: Client;
}

/** CPU time (user + system) of each process, in ms, from /proc (Linux, 100 ticks a second). */
function cpuOf(pids: readonly number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the process ended
    }
  }
  return cpu;
}

/**
 * The CPU of a build's API and its database's backends: wall-clock figures swing with whatever
 * else the machine runs, CPU time per save far less, so it is the cost the target is judged on.
 */
async function buildCpu(build: Build): Promise<Map<number, number>> {
  const backends = await build.monitor!.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return cpuOf([build.api!.pid, ...backends.rows.map((r) => r.pid)]);
}

function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function compareSaves(baselineMain: string): Promise<void> {
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_SERVER_URL;
  const builds: Build[] = [
    {
      name: 'before the audit trail',
      main: baselineMain,
      database: `${DATABASE}_before`,
      figures: new Map(),
      cpu: new Map(),
    },
    {
      name: 'with its audit row',
      main: undefined,
      database: `${DATABASE}_audit`,
      figures: new Map(),
      cpu: new Map(),
    },
  ];
  console.log('building the API…');
  buildApi();
  try {
    for (const build of builds) {
      const url = await createDatabase(serverUrl, build.database);
      build.api = await startApi(url, { main: build.main });
      const seeded = await seed(url, SHAPE);
      build.puts = paramRequests(seeded, seeded.token);
      build.monitor = new Client({ connectionString: url });
      await build.monitor.connect();
      const apiUrl = build.api.baseUrl.replace(/\/webcyc\/api$/, '');
      await load('warm-up', { url: apiUrl, requests: build.puts, connections: 4, seconds: 5 });
    }
    const before = loadavg()[0]!.toFixed(2);
    for (let round = 0; round < AUDIT_COST.rounds; round++) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        for (const connections of AUDIT_COST.connections) {
          const url = build.api!.baseUrl.replace(/\/webcyc\/api$/, '');
          const label = `PUT /step/param/{id} ${build.name}, ${connections} connection${connections > 1 ? 's' : ''} flat out, round ${round + 1}`;
          const cpuBefore = await buildCpu(build);
          const figures = await load(label, {
            url,
            requests: build.puts!,
            connections,
            seconds: AUDIT_COST.seconds,
          });
          const perSave = cpuSpent(cpuBefore, await buildCpu(build)) / figures.requests;
          build.figures.set(connections, [...(build.figures.get(connections) ?? []), figures]);
          build.cpu.set(connections, [...(build.cpu.get(connections) ?? []), perSave]);
        }
      }
    }
    const rows = await builds[1]!.monitor!.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_event');
    console.log(
      `\napi --audit-cost: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ` +
        `load average ${before} before, ${loadavg()[0]!.toFixed(2)} after; ` +
        `${rows.rows[0]!.n} audit rows written by the saves\n`,
    );
    console.log(table(builds.flatMap((b) => [...b.figures.values()].flat())));
    console.log('');
    const [base, audit] = builds as [Build, Build];
    for (const connections of AUDIT_COST.connections) {
      const rate = (b: Build) => median(b.figures.get(connections)!.map((f) => f.perSecond));
      const latency = (b: Build) => median(b.figures.get(connections)!.map((f) => f.median));
      const cpu = (b: Build) => median(b.cpu.get(connections)!);
      // the cost of a save: the CPU it takes, API and database
      const ratio = cpu(audit) / cpu(base);
      console.log(
        `${connections} connection${connections > 1 ? 's' : ''}: ${cpu(base).toFixed(2)} → ${cpu(audit).toFixed(2)} ms of CPU a save ` +
          `(${rate(base).toFixed(0)} → ${rate(audit).toFixed(0)} saves/s, median ${latency(base)} → ${latency(audit)} ms): ` +
          `a save costs ${((ratio - 1) * 100).toFixed(1)} % more; ` +
          `${ratio <= AUDIT_COST.maxRatio ? 'meets' : 'misses'} the target (at most ${((AUDIT_COST.maxRatio - 1) * 100).toFixed(0)} % more)`,
      );
    }
  } finally {
    for (const build of builds) {
      await build.monitor?.end();
      await build.api?.stop();
      await dropDatabase(serverUrl, build.database);
    }
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--audit-cost')) {
    const baseline = process.env['BENCH_BASELINE_MAIN'];
    if (!baseline)
      throw new Error('--audit-cost needs BENCH_BASELINE_MAIN: the build before, its dist/main.js');
    return compareSaves(baseline);
  }
  await withApiOnDatabase(DATABASE, async (api, url) => {
    const started = Date.now();
    const seeded = await seed(url, SHAPE);
    console.log(
      `seeded ${SHAPE.products} products × ${SHAPE.testsPerProduct} tests × ${SHAPE.stepsPerTest} steps ` +
        `(${seeded.stepCount} steps) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // other work on the machine shows in the figures: say how busy it was
    const before = loadavg()[0]!.toFixed(2);
    const figures = await measure(api, seeded);
    console.log(
      `\napi: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ` +
        `load average ${before} before, ${loadavg()[0]!.toFixed(2)} after\n`,
    );
    console.log(table(figures));
    console.log('');
    const [fullSpread, fullBursts, , revalidate, bursts304, , param, burstsPut] = figures.slice(
      -9,
    ) as Figures[];
    console.log(verdict(fullSpread!, '200'));
    console.log(verdict(fullBursts!, '200'));
    console.log(verdict(revalidate!, '304'));
    console.log(verdict(bursts304!, '304'));
    console.log(verdict(param!, '200'));
    console.log(verdict(burstsPut!, '200'));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
