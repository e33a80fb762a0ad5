/**
 * Issue 26: a day's kind of load, compressed. For `--minutes=N` (default 20; SOAK_MINUTES too)
 * against one built API on its own database of the PostgreSQL server (DATABASE_URL, default the
 * local server): runner uploads at 50 runs/s (new units through their product's tests, lab PCs
 * with API tokens), results look-ups (10/s), reports (10/s), editor saves (10/s) and an account
 * export (5/s). Each kind but the uploads is sampled at least 300 times a minute, so that its
 * minute's p99 is a percentile (the 3rd to 6th slowest call) and not the slowest call or two: at
 * 2/s, one stall of the machine once in a minute decided the minute's p99 on its own. Each minute
 * it prints, per kind of call, the calls per second, p50 and p99, and the API's resident memory.
 * Targets: no call fails; the RSS grows under 10 % from minute 5 to the end; each kind's p99
 * stays within 2× of its minute-5 p99.
 *
 * On a shared machine, prepare under `heavy` and measure under `quiet`: `--prepare` seeds the
 * database and makes the plan (new units, tokens), keeps both and stops; `--reuse` then soaks the
 * kept database with that plan (the same or fewer `--minutes`) and drops both at the end.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ActionId, dayRange } from '@sweepline/domain';
import { completeParam, FILL } from '@sweepline/domain/src/testing/step-fixtures';
import { Client } from 'pg';
import { seed as seedScale } from '@sweepline/tools';
import type { RunningApi } from './lib/api-process';
import { withApiOnDatabase } from './lib/api-process';
import { seed as seedEditor, sessionsOf } from './lib/bench-db';
import type { IngestTest, IngestUnit } from './lib/ingest';
import type { ProductList } from './lib/scale-account';
import { call, ingestPlan, signIn } from './lib/scale-account';
import { keepAliveAgent, send as sendOn, type Reply } from './lib/http-send';
import { RssSampler, SoakStats } from './lib/soak-stats';
import { longPauses, probeLoopDelayLine } from './lib/probe-report';
import { StealSampler } from './lib/cpu';

// BENCH_DATABASE: another name, so that two soaks on one server keep apart
const DATABASE = process.env['BENCH_DATABASE'] ?? 'sweepline_bench_soak';
const PREPARE = process.argv.includes('--prepare');
const REUSE = process.argv.includes('--reuse');
/** The API's own figures (lib/api-probe.cjs), written when it stops. */
const PROBE = join(tmpdir(), `sweepline-soak-probe-${process.pid}.json`);
/** The plan of a `--prepare`, for the `--reuse` after it. */
const PLAN_FILE = join(tmpdir(), `${DATABASE}.plan.json`);
const MINUTES = Number(
  process.argv.find((a) => a.startsWith('--minutes='))?.split('=')[1] ?? process.env['SOAK_MINUTES'] ?? 20,
);
/** The minute whose figures the later ones are held to (or the last, in a shorter run). */
const BASE_MINUTE = Math.min(4, MINUTES - 1);
const RATES = { upload: 50, results: 10, reports: 10, save: 10, export: 5 } as const;
const SEEDED_RUNS = 20_000;
const ZONE = 8;
/** At most this many calls of one kind at once; a tick finding them all busy counts as a failure. */
const MAX_IN_FLIGHT = 200;

const agent = keepAliveAgent();
const send = (base: string, method: string, path: string, headers: Record<string, string>, body?: string) =>
  sendOn(agent, base, method, path, headers, body);

/**
 * Calls `work` `perSecond` times a second, each timed and checked, until `until`. The calls due are
 * counted from the start, so a late timer (a busy machine) sends the ones it owes at once.
 */
function paced(
  stats: SoakStats,
  kind: string,
  perSecond: number,
  until: number,
  work: () => Promise<Reply>,
  expected = 200,
): Promise<void> {
  const started = performance.now();
  let sent = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const launch = (at: number) => {
    if (inFlight >= MAX_IN_FLIGHT)
      return stats.failed(kind, at, `not sent: ${MAX_IN_FLIGHT} calls of the load still in flight`);
    inFlight++;
    const one = work()
      .then(
        (reply) =>
          reply.status === expected
            ? stats.ok(kind, at, performance.now() - at)
            : stats.failed(kind, at, `HTTP ${reply.status} ${reply.text}`),
        (error: unknown) => stats.failed(kind, at, String(error)),
      )
      .finally(() => {
        inFlight--;
        pending.delete(one);
      });
    pending.add(one);
  };
  return new Promise((done) => {
    const timer = setInterval(
      () => {
        const at = performance.now();
        if (at >= until) {
          clearInterval(timer);
          void Promise.all(pending).then(() => done());
          return;
        }
        for (const due = Math.floor(((at - started) * perSecond) / 1000) + 1; sent < due; sent++) launch(at);
      },
      Math.min(20, 1000 / perSecond),
    );
  });
}

interface Plan {
  base: string;
  /** The minutes the units were made for. */
  minutes: number;
  manager: string;
  labTokens: string[];
  units: IngestUnit[];
  tests: Map<number, IngestTest[]>;
  products: ProductList[];
  editor: { token: string; stepIds: number[][] };
}

/** Units each going through its product's tests in order; the next upload takes an idle one. */
function uploads(plan: Plan, uploaded: string[]) {
  const idle: { unit: IngestUnit; next: number }[] = [];
  let no = 0;
  return async (): Promise<Reply> => {
    const cursor = idle.shift() ?? { unit: plan.units.shift()!, next: 0 };
    const tests = plan.tests.get(cursor.unit.productId)!;
    const test = tests[cursor.next]!;
    const now = Date.now();
    const body = JSON.stringify({
      client_run_id: `soak-${process.pid}-${++no}`,
      seq_id: test.seqId,
      seq_version: test.version,
      sn: cursor.unit.sn,
      start_time: new Date(now - 60_000).toISOString(),
      end_time: new Date(now).toISOString(),
      result: 1,
      steps: test.pass,
    });
    const token = plan.labTokens[no % plan.labTokens.length]!;
    const reply = await send(plan.base, 'POST', '/runner/runs', { 'x-auth-token': token }, body);
    if (reply.status === 201) {
      cursor.next++;
      uploaded.push(cursor.unit.sn);
      if (uploaded.length > 1000) uploaded.splice(0, 500);
    }
    if (cursor.next < tests.length) idle.push(cursor);
    return reply;
  };
}

/** The whole mix, for `minutes`, then the figures. */
async function soak(
  api: RunningApi,
  plan: Plan,
): Promise<{ stats: SoakStats; rss: RssSampler; steal: StealSampler; startedAt: number }> {
  const started = performance.now();
  const until = started + MINUTES * 60_000;
  const stats = new SoakStats(started);
  const rss = new RssSampler(api.pid, started, () => performance.now());
  const steal = new StealSampler(started, () => performance.now());
  const printed = new Set<number>();
  const print = (minute: number) => {
    if (printed.has(minute)) return;
    printed.add(minute);
    printMinute(stats, minute, rss.minute(minute), steal.minute(minute));
  };
  const uploaded: string[] = [];
  const manager = { 'x-auth-token': plan.manager };
  const today = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  const day = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  const range = dayRange(day(30), day(0), ZONE);
  const q = `start_time=${range.start_time}&stop_time=${range.stop_time}&zone_offset=${ZONE}`;
  const seqIds = plan.products.flatMap((p) => p.seqs.map((s) => s.id));
  let reportNo = 0;
  const steps = plan.editor.stepIds.map((ids) => ids[4]!);
  let saveNo = 0;
  const editor = { 'x-auth-token': plan.editor.token };

  // a minute is printed a few seconds after its end, when its calls have been answered
  const printer = setInterval(() => {
    const minute = Math.floor((performance.now() - started - 5000) / 60_000) - 1;
    if (minute >= 0) print(minute);
  }, 1000);
  await Promise.all([
    paced(stats, 'upload', RATES.upload, until, uploads(plan, uploaded), 201),
    paced(stats, 'results', RATES.results, until, () =>
      send(plan.base, 'GET', `/report/sn?sn=${uploaded.at(-1) ?? plan.units[0]!.sn}`, manager),
    ),
    paced(stats, 'reports', RATES.reports, until, () =>
      send(
        plan.base,
        'GET',
        ++reportNo % 2 === 0
          ? `/report/daily_test_unit_count?product_id=-1&${q}`
          : `/report/daily_pass_rate?seq_id=${seqIds[reportNo % seqIds.length]}&${q}`,
        manager,
      ),
    ),
    paced(stats, 'editor save', RATES.save, until, () => {
      const fill = ++saveNo % 2 === 0 ? FILL : { ...FILL, startFreq: 300, stopFreq: 700 };
      const body = JSON.stringify({ param: completeParam(ActionId.InsertionLossMin, fill) });
      return send(plan.base, 'PUT', `/step/param/${steps[saveNo % steps.length]}`, editor, body);
    }),
    paced(stats, 'export', RATES.export, until, () => send(plan.base, 'GET', '/user/export', editor)),
  ]);
  clearInterval(printer);
  rss.stop();
  steal.stop();
  for (let minute = 0; minute < MINUTES; minute++) print(minute);
  return { stats, rss, steal, startedAt: performance.timeOrigin + started };
}

function printMinute(stats: SoakStats, minute: number, rss: number, steal: number): void {
  console.log(
    `\nminute ${minute + 1}: API RSS ${rss.toFixed(0)} MiB (mean of the minute), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, CPU stolen by the host ${(steal * 100).toFixed(0)} %`,
  );
  for (const [kind, f] of stats.minute(minute)) {
    console.log(
      `  ${kind.padEnd(12)} ${f.perSecond.toFixed(2).padStart(6)}/s  p50 ${f.p50.toFixed(1).padStart(7)} ms` +
        `  p99 ${f.p99.toFixed(1).padStart(7)} ms  failed ${f.failed}`,
    );
  }
}

/** The targets, each with its figure; true when all are met. */
function verdict(stats: SoakStats, rss: RssSampler, steal: StealSampler): boolean {
  const base = stats.minute(BASE_MINUTE);
  const [from, to] = [rss.minute(BASE_MINUTE), rss.minute(MINUTES - 1)];
  const growth = to / from - 1;
  let met = true;
  const say = (ok: boolean, line: string) => {
    met &&= ok;
    console.log(`${ok ? 'meets' : 'misses'}: ${line}`);
  };
  console.log('');
  say(stats.totalFailed === 0, `no call fails (${stats.totalFailed} failed)`);
  for (const [why, count] of stats.failures) console.log(`  ${count} × ${why}`);
  say(
    growth < 0.1,
    `RSS grows under 10 % from minute ${BASE_MINUTE + 1} to the end ` +
      `(${from.toFixed(0)} → ${to.toFixed(0)} MiB, ${(growth * 100).toFixed(1)} %)`,
  );
  const stolen = (m: number) => `${(steal.minute(m) * 100).toFixed(0)} % of the CPU stolen`;
  for (const [kind, reference] of base) {
    let worst = { p99: 0, minute: BASE_MINUTE };
    for (let m = BASE_MINUTE; m < MINUTES; m++) {
      const p99 = stats.minute(m).get(kind)?.p99 ?? 0;
      if (p99 > worst.p99) worst = { p99, minute: m };
    }
    say(
      worst.p99 <= 2 * reference.p99,
      `${kind} p99 within 2× of minute ${BASE_MINUTE + 1}'s (${reference.p99.toFixed(1)} ms, ${stolen(BASE_MINUTE)}; ` +
        `worst after: ${worst.p99.toFixed(1)} ms in minute ${worst.minute + 1}, ${stolen(worst.minute)})`,
    );
  }
  return met;
}

async function prepare(api: RunningApi, url: string): Promise<Plan> {
  const db = new Client({ connectionString: url });
  await db.connect();
  await seedScale(db, DATABASE, { runs: SEEDED_RUNS, progress: () => undefined }).finally(() => db.end());
  const session = { baseUrl: api.baseUrl, ...(await signIn(url, 8)) };
  const products = (await call<ProductList[]>(session, '/user/product_list')).filter((p) =>
    p.name.startsWith('Scale'),
  );
  const testsInAll = products.reduce((sum, p) => sum + p.seqs.length, 0);
  const perProduct = Math.ceil((RATES.upload * 60 * MINUTES * 1.1) / testsInAll) + 50;
  const { units, tests } = await ingestPlan(session, url, products, perProduct);
  const editor = await seedEditor(url, { products: 2, testsPerProduct: 3, stepsPerTest: 30 });
  return {
    base: api.baseUrl,
    minutes: MINUTES,
    manager: session.token,
    labTokens: session.labTokens,
    units,
    tests,
    products,
    editor: { token: editor.token, stepIds: editor.stepIds },
  };
}

function savePlan(plan: Plan): void {
  writeFileSync(PLAN_FILE, JSON.stringify({ ...plan, tests: [...plan.tests] }));
}

/** The kept plan, for the API now at `base`. */
function loadPlan(base: string): Plan {
  const saved = JSON.parse(readFileSync(PLAN_FILE, 'utf8')) as Omit<Plan, 'tests'> & {
    tests: [number, IngestTest[]][];
  };
  if (saved.minutes < MINUTES)
    throw new Error(`The kept plan has units for ${saved.minutes} minutes: --prepare --minutes=${MINUTES}`);
  return { ...saved, base, tests: new Map(saved.tests) };
}

/**
 * Seeds and plans, then vacuums, so that the soak does not begin with the autovacuum of the
 * seed's rows.
 */
async function prepareAndVacuum(api: RunningApi, url: string): Promise<Plan> {
  const plan = await prepare(api, url);
  const db = new Client({ connectionString: url });
  await db.connect();
  await db.query('VACUUM (ANALYZE)').finally(() => db.end());
  return plan;
}

/**
 * What stopped the API's event loop, from inside it (lib/api-probe.cjs): its delay, and per minute
 * the garbage-collector pauses of 10 ms or more (how many, the longest, of which kinds). A slow
 * minute in which every kind of call was slow at once is a pause of the whole process, or of the
 * machine; a minute's line rather than a line per pause keeps hundreds of short scavenges readable.
 */
function printPauses(startedAt: number): void {
  console.log(`\n${probeLoopDelayLine(PROBE)}`);
  const pauses = longPauses(PROBE, 10).filter((p) => p.at >= startedAt);
  console.log(`API garbage-collector pauses of 10 ms or more during the soak: ${pauses.length}`);
  const byMinute = new Map<number, typeof pauses>();
  for (const p of pauses) {
    const minute = Math.floor((p.at - startedAt) / 60_000) + 1;
    byMinute.set(minute, [...(byMinute.get(minute) ?? []), p]);
  }
  for (const [minute, list] of byMinute) {
    const longest = Math.max(...list.map((p) => p.ms));
    const kinds = [...new Set(list.map((p) => p.kind))].sort((a, b) => a - b).join(', ');
    console.log(`  minute ${minute}: ${list.length}, longest ${longest.toFixed(1)} ms (kinds ${kinds})`);
  }
}

async function main(): Promise<void> {
  let startedAt: number | undefined;
  await withApiOnDatabase(
    DATABASE,
    async (api, url) => {
      const plan = REUSE ? loadPlan(api.baseUrl) : await prepareAndVacuum(api, url);
      if (PREPARE) {
        savePlan(plan);
        console.log(`prepared ${DATABASE} and ${PLAN_FILE}: measure them with --reuse (under quiet)`);
        return;
      }
      rmSync(PLAN_FILE, { force: true }); // its units are used up by this run
      console.log(
        `soak: ${MINUTES} min, ${new Date().toISOString().slice(0, 16)}, Node ${process.version}, ` +
          `${plan.units.length} new units ready, load average ${loadavg()[0]!.toFixed(2)} at the start`,
      );
      const sessionsBefore = await sessionsOf(url);
      const { stats, rss, steal, ...soaked } = await soak(api, plan);
      startedAt = soaked.startedAt;
      // each new connection is a new backend whose caches and prepared statements start cold
      console.log(
        `\nPostgreSQL sessions opened during the soak: ${(await sessionsOf(url)) - sessionsBefore - 1}`,
      );
      if (!verdict(stats, rss, steal)) process.exitCode = 1;
    },
    { reuse: REUSE, keep: PREPARE },
    { probe: PROBE },
  ).finally(() => agent.destroy());
  // the probe's file is written as the API stops
  if (startedAt !== undefined) printPauses(startedAt);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
