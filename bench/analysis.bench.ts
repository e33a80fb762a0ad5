/**
 * Issue 24 targets, on the PostgreSQL server (DATABASE_URL, default the local server), in a
 * database of its own seeded with 1,000,000 runs of 20 steps (tools/seed scale mode, with the
 * measurement patterns of docs/seed.md; BENCH_RUNS to change), over 90 days of one test:
 * (a) the failure Pareto, the capability and the control chart through HTTP: median under 200 ms;
 * (b) the trace band of 500 traces of 1601 points: median under 500 ms;
 * (c) issue 41: capability under 50 ms, the all-tests Pareto under 100 ms, the control chart at a
 *     plot width of 1,600 pixels under 100 ms with a reply under 300 KiB.
 * The API runs built, in a child process. `--keep` keeps the database; `--reuse` measures a kept
 * one again without seeding. Prints the load average beside each figure (a shared machine is
 * noisy), and holds the sized chart to its reply bound as well as to its time.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { encodeFloat32 } from '@sweepline/domain';
import { Client } from 'pg';
import { seed } from '@sweepline/tools';
import type { RunningApi } from './lib/api-process';
import { buildApi, startApi } from './lib/api-process';
import { createDatabase, databaseUrl, DEFAULT_SERVER_URL, dropDatabase } from './lib/bench-db';
import { analysisSubject, ninetyDays } from './lib/analysis-subject';
import { type Api } from './lib/scale-account';
import { timeGet as timeRequests, type Timing as BaseTiming } from './lib/time-get';

// BENCH_DATABASE: another name (a copy of a kept scale database, or a before and an after)
const DATABASE = process.env['BENCH_DATABASE'] ?? 'sweepline_bench_analysis';
const RUNS = Number(process.env['BENCH_RUNS'] ?? 1_000_000);
const TARGET = { report: 200, band: 500, capability: 50, pareto: 100, chart: 100 };
/** Issue 41: the plot width the control chart is timed at, and its reply's bound. */
const CHART_WIDTH_PX = 1600;
const CHART_REPLY_KIB = 300;
const TRACES = 500;
const POINTS = 1601;

/** A call's timing against its target (ms) and reply bound (KiB, if any), with the load it ran under. */
interface Timing extends BaseTiming {
  target: number;
  maxKiB?: number;
  /** The 1-minute load average right after its requests: the machine is shared. */
  load: number;
}

/** The median of 15 requests one after another, with the target it is held to. */
async function timeGet(
  api: Api,
  label: string,
  path: string,
  target: number,
  maxKiB?: number,
): Promise<Timing> {
  const timing = await timeRequests(api, label, path, 15);
  return { ...timing, target, maxKiB, load: loadavg()[0]! };
}

/** Met only when the median is under its target and the reply within its bound. */
function verdict(t: Timing): string {
  const fast = t.median < t.target;
  const small = t.maxKiB === undefined || t.bytes / 1024 < t.maxKiB;
  const bound = t.maxKiB === undefined ? '' : `, < ${t.maxKiB} KiB`;
  return `${fast && small ? 'meets' : 'MISSES'} < ${t.target} ms${bound}`;
}

/**
 * 1601-point traces of the step (row 1, the Insertion Loss Max) on the newest TRACES + 20 runs of
 * the test: the scale seed keeps no traces. A reused database that has them already (a kept one)
 * gets none, one that lacks them (a copy of a scale seed) gets them all, so the band always reads
 * the same kind of traces. Each is drawn about the run's own value, so the band has a spread.
 */
async function addTraces(url: string, accountId: number, seqId: number): Promise<number> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string; value: number }>(
      `SELECT r.id, (r.steps->1->>'value')::float8 AS value
         FROM (SELECT * FROM run
                WHERE account_id = $1 AND seq_id = $2 AND result = 1 AND start_time > now() - interval '90 days'
                ORDER BY start_time DESC LIMIT $3) r
        WHERE NOT EXISTS (SELECT 1 FROM run_trace t WHERE t.account_id = r.account_id AND t.run_id = r.id)`,
      [accountId, seqId, TRACES + 20],
    );
    const freqs = Buffer.from(
      encodeFloat32(Array.from({ length: POINTS }, (_, i) => 200 + (600 * i) / (POINTS - 1))),
    );
    for (const run of rows) {
      const depth = 0.05 + Math.random() * 0.2;
      const values = Array.from(
        { length: POINTS },
        (_, i) => run.value - (depth * (1 - Math.cos((5 * Math.PI * i) / (POINTS - 1)))) / 2,
      );
      await db.query(
        `INSERT INTO run_trace (run_id, step_index, freqs_mhz, vals, account_id) VALUES ($1, 1, $2, $3, $4)`,
        [run.id, freqs, Buffer.from(encodeFloat32(values)), accountId],
      );
    }
    return rows.length;
  } finally {
    await db.end();
  }
}

function print(timings: Timing[], runsInRange: number, load: string): void {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(
    `\nanalysis: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${RUNS.toLocaleString('en')} runs`,
  );
  console.log(
    `load average before / after: ${load} / ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(`runs of the test in the 90 days: ${runsInRange.toLocaleString('en')}`);
  console.log(
    '\n| request (90 days, one test) | median | p90 | reply | load (1 min) | target |\n| --- | ---: | ---: | ---: | ---: | --- |',
  );
  for (const t of timings) {
    console.log(
      `| ${t.label} | ${ms(t.median)} | ${ms(t.p90)} | ${(t.bytes / 1024).toFixed(1)} KiB | ${t.load.toFixed(2)} | ${verdict(t)} |`,
    );
  }
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
    if (!reuse) {
      const db = new Client({ connectionString: url });
      await db.connect();
      const started = performance.now();
      await seed(db, DATABASE, { runs: RUNS, progress: (line) => console.log(`  ${line}`) }).finally(() =>
        db.end(),
      );
      console.log(
        `seeded ${RUNS.toLocaleString('en')} runs in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    const subject = await analysisSubject(url);
    const added = await addTraces(url, subject.accountId, subject.seq_id);
    if (added > 0) console.log(`added ${added} traces of ${POINTS} points`);
    const session = { baseUrl: api.baseUrl, token: subject.token };
    const q = ninetyDays();
    const step = `seq_id=${subject.seq_id}&step=${encodeURIComponent(subject.title)}&${q}`;
    const failures = `product_id=${subject.product_id}&${q}`;
    const load = loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
    const timings = [
      await timeGet(
        session,
        'failures, one test, first failing step',
        `/report/failures?${failures}&seq_id=${subject.seq_id}&count=first`,
        TARGET.report,
      ),
      await timeGet(
        session,
        'failures, all 4 tests, every failing step',
        `/report/failures?${failures}&seq_id=-1&count=every`,
        TARGET.pareto,
      ),
      await timeGet(session, 'capability', `/report/capability?${step}`, TARGET.capability),
      await timeGet(session, 'control chart, every point', `/report/control?${step}`, TARGET.report),
      await timeGet(
        session,
        `control chart, ${CHART_WIDTH_PX} px wide`,
        `/report/control?${step}&width=${CHART_WIDTH_PX}`,
        TARGET.chart,
        CHART_REPLY_KIB,
      ),
      await timeGet(
        session,
        `trace band (${TRACES} traces of ${POINTS} points)`,
        `/report/trace_band?${step}`,
        TARGET.band,
      ),
    ];
    const control = (await (
      await fetch(`${api.baseUrl}/report/control?${step}`, { headers: { 'x-auth-token': subject.token } })
    ).json()) as {
      data: { points: { values: unknown[] } };
    };
    print(timings, control.data.points.values.length, load);
  } finally {
    await api?.stop();
    if (!keep) await dropDatabase(serverUrl, DATABASE);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
