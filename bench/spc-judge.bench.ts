/**
 * Issue 41: judging a run in the upload's transaction (as the API does) against a fold just after
 * it (a queue in PostgreSQL, FOR UPDATE SKIP LOCKED), measured at the SQL level
 * (docs/architecture.md, "Judging runs as they arrive"). A database of its own (BENCH_DATABASE),
 * migrated by starting the built API once, holds one test with STEPS steps, all with frozen limits
 * (centre 0, σ 1). CLIENTS connections play uploads of that one test (the contended case: every
 * upload wants the same steps' rows), each a transaction that stores the run's values and then:
 * - none: nothing more (the upload's own part, subtracted from the others);
 * - in-transaction: the judge's statements as SpcJudge sends them (its read FOR UPDATE, its
 *   violations' writes, the states' UPDATE), judged by the domain's judge;
 * - queue: one queue row; then one folder connection drains the queue by batches of 1, 10 or
 *   100 runs, each batch in a transaction of its own (take and delete, read the batch's values
 *   with the states locked, judge per step in queue order, write violations, write the states once).
 * Values are normal around the centre, so violations come at a stable process's rate.
 * Measured per run: the PostgreSQL backends' CPU (their /proc/<pid>/stat) and the upload's
 * latency; ROUNDS rounds, the designs' order rotated each round, medians. The load average is
 * printed with each round: the machine is shared.
 */
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { alarmAction, judgeValue, type WesternElectricRule } from '@sweepline/domain';
import { createDatabase, DEFAULT_SERVER_URL, dropDatabase } from './lib/bench-db';
import { startApi } from './lib/api-process';
import { cpuSeconds } from './lib/cpu';
import { percentile } from './lib/probe-report';
import * as sql from './spc-judge/statements';

const DATABASE = process.env['BENCH_DATABASE'] ?? 'sweepline_bench_spc_judge';
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const CLIENTS = Number(process.env['BENCH_CLIENTS'] ?? 4);
const RUNS_PER_CLIENT = Number(process.env['BENCH_RUNS'] ?? 150);
const STEPS = Number(process.env['BENCH_STEPS'] ?? 8);
const BATCHES = [1, 10, 100];
const TITLES = Array.from({ length: STEPS }, (_, i) => `Step ${i + 1}`);

const median = (values: number[]) => percentile(values, 0.5);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Subject {
  accountId: number;
  seqId: number;
}

/** A connection with its backend's pid, to read that backend's CPU time. */
interface Connection {
  db: Client;
  pid: number;
}

async function connect(url: string): Promise<Connection> {
  const db = new Client({ connectionString: url });
  await db.connect();
  const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return { db, pid: rows[0]!.pid };
}

const backendCpu = (connections: readonly Connection[]) => {
  const pids = new Set(connections.map((c) => c.pid));
  return cpuSeconds((_, pid) => pids.has(pid));
};

/** A standard normal value (Box-Muller): a stable process's measurement around centre 0, σ 1. */
function normal(): number {
  return Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
}

/** One account, product and test, its steps' limits frozen and judges' states empty, the queue. */
async function seed(url: string): Promise<Subject> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<Subject>(
      `WITH a AS (INSERT INTO account (name, is_active) VALUES ('SPC judge bench', true) RETURNING id),
            p AS (INSERT INTO product (account_id, name, create_user_name, update_user_name)
                  SELECT id, 'Bench product', 'bench', 'bench' FROM a RETURNING id, account_id),
            s AS (INSERT INTO seq (account_id, product_id, name, stage_no, test_no, create_user_name, update_user_name)
                  SELECT account_id, id, 'Bench test', 1, 1, 'bench', 'bench' FROM p RETURNING id, account_id)
       SELECT account_id AS "accountId", id AS "seqId" FROM s`,
    );
    const subject = rows[0]!;
    await db.query(
      `INSERT INTO spc_limit (account_id, seq_id, title, product_id, centre, sigma_within, baseline_values,
                              baseline_from, baseline_to, zone_offset, frozen_at, frozen_by_name)
       SELECT s.account_id, s.id, t, s.product_id, 0, 1, 30, now() - interval '30 days', now(), 0, now(), 'bench'
         FROM seq s, unnest($2::text[]) AS t WHERE s.id = $1`,
      [subject.seqId, TITLES],
    );
    await db.query(
      `INSERT INTO spc_step_state (account_id, seq_id, title) SELECT account_id, seq_id, title FROM spc_limit`,
    );
    await db.query(sql.CREATE_QUEUE);
    // the slot roll-ups' triggers (issue 41, measured in reports.bench.ts) cost every design the
    // same, and their late-upload path (a slot rebuilt from its values) grows with the bench's
    // one slot: a first run measured that, not the judge
    await db.query('ALTER TABLE run_step_value DISABLE TRIGGER USER');
    return subject;
  } finally {
    await db.end();
  }
}

/** The steps the judge is given, each with its value and state (JudgeTarget's shape). */
interface Target {
  title: string;
  productId: number;
  centre: number;
  sigmaWithin: number;
  recent: number[];
  openAlarmId: string | null;
  value: number;
  sn: string;
}

interface JudgedRun {
  runId: number;
  startTime: Date;
}

/**
 * SpcJudge.judgeRun's loop for one value of a step: its alarm opened or joined, the step's new
 * state; the number of violations written.
 */
async function judgeOne(db: Client, subject: Subject, target: Target, run: JudgedRun): Promise<number> {
  const judged = judgeValue(target, target.recent, target.value);
  const action = alarmAction(judged.rules, target.openAlarmId !== null);
  if (action === 'open') {
    const { rows } = await db.query<{ id: string }>(sql.OPEN_ALARM, [
      subject.accountId,
      target.productId,
      subject.seqId,
      target.title,
      run.runId,
    ]);
    target.openAlarmId = rows[0]!.id;
  }
  if (action !== 'none')
    await db.query(sql.ADD_VIOLATION, [
      subject.accountId,
      target.openAlarmId,
      run.runId,
      target.sn,
      run.startTime,
      target.value,
      judged.rules satisfies readonly WesternElectricRule[],
      judged.side === 'above',
    ]);
  target.recent = judged.state;
  return action === 'none' ? 0 : 1;
}

async function saveStates(db: Client, subject: Subject, targets: readonly Target[]): Promise<void> {
  const states = targets.map((t) => ({ title: t.title, recent: t.recent, alarm: t.openAlarmId }));
  await db.query({
    name: 'spc-save-states',
    text: sql.SAVE_STATES,
    values: [subject.accountId, subject.seqId, JSON.stringify(states)],
  });
}

type Design = 'none' | 'in-transaction' | 'queue';

let nextRunId = 1;
let violations = 0;

/** An upload's transaction: the run's values stored, then what the design adds. */
async function upload(db: Client, subject: Subject, design: Design): Promise<void> {
  const run = { runId: nextRunId++, startTime: new Date() };
  const sn = `SN${run.runId}`;
  await db.query('BEGIN');
  await db.query({
    name: 'store-values',
    text: sql.STORE_VALUES,
    values: [
      subject.accountId,
      subject.seqId,
      run.startTime,
      run.runId,
      sn,
      TITLES,
      TITLES.map(() => normal()),
    ],
  });
  if (design === 'in-transaction') {
    const { rows } = await db.query<Target>({
      name: 'spc-judge-targets',
      text: sql.JUDGE_TARGETS,
      values: [subject.accountId, subject.seqId, run.startTime, run.runId],
    });
    for (const target of rows) violations += await judgeOne(db, subject, target, run);
    await saveStates(db, subject, rows);
  } else if (design === 'queue') {
    await db.query({
      name: 'enqueue',
      text: sql.ENQUEUE,
      values: [subject.accountId, subject.seqId, run.runId, run.startTime],
    });
  }
  await db.query('COMMIT');
}

interface Measure {
  cpuUsPerRun: number;
  p50Ms: number;
  p95Ms: number;
}

/**
 * The uploaders' CLIENTS connections and the folder's, open for the whole bench: a new backend's
 * first statements (its catalog caches, the preparing) would be counted otherwise.
 */
interface Connections {
  uploaders: Connection[];
  folder: Connection;
}

/** CLIENTS connections upload RUNS_PER_CLIENT runs each, at once. */
async function uploads(
  connections: readonly Connection[],
  subject: Subject,
  design: Design,
): Promise<Measure> {
  const latencies: number[] = [];
  const before = backendCpu(connections);
  await Promise.all(
    connections.map(async ({ db }) => {
      for (let i = 0; i < RUNS_PER_CLIENT; i++) {
        const start = performance.now();
        await upload(db, subject, design);
        latencies.push(performance.now() - start);
      }
    }),
  );
  const cpu = backendCpu(connections) - before;
  return {
    cpuUsPerRun: (cpu * 1e6) / latencies.length,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
  };
}

interface QueuedRun extends JudgedRun {
  enqueued: string;
  accountId: number;
  seqId: number;
}

/**
 * One batch of the fold in its own transaction; the runs it judged (0: the queue is empty). One
 * test here; a folder of many would group the batch by test and do the same per group.
 */
async function foldBatch(db: Client, subject: Subject, size: number): Promise<number> {
  await db.query('BEGIN');
  const { rows: batch } = await db.query<QueuedRun>({ name: 'take', text: sql.TAKE_BATCH, values: [size] });
  if (batch.length === 0) {
    await db.query('COMMIT');
    return 0;
  }
  batch.sort((a, b) => Number(a.enqueued) - Number(b.enqueued));
  const { rows } = await db.query<Target & JudgedRun>({
    // unnamed: planned for its batch's size (the read probes each value by its whole key either way)
    text: sql.FOLD_TARGETS,
    values: [subject.accountId, subject.seqId, batch.map((r) => r.startTime), batch.map((r) => r.runId)],
  });
  // each step's values in queue order, each judged on the state the one before left
  const states = new Map<string, Target>();
  for (const row of rows) {
    const state = states.get(row.title);
    if (state) Object.assign(row, { recent: state.recent, openAlarmId: state.openAlarmId });
    violations += await judgeOne(db, subject, row, row);
    states.set(row.title, row);
  }
  await saveStates(db, subject, [...states.values()]);
  await db.query('COMMIT');
  return batch.length;
}

/** One folder drains the queue by batches of `size`. */
async function fold(connection: Connection, subject: Subject, size: number): Promise<Measure> {
  const perRun: number[] = [];
  const before = backendCpu([connection]);
  for (;;) {
    const start = performance.now();
    const runs = await foldBatch(connection.db, subject, size);
    if (runs === 0) break;
    perRun.push((performance.now() - start) / runs);
  }
  const cpu = backendCpu([connection]) - before;
  return {
    cpuUsPerRun: (cpu * 1e6) / (CLIENTS * RUNS_PER_CLIENT),
    p50Ms: percentile(perRun, 0.5),
    p95Ms: percentile(perRun, 0.95),
  };
}

type Label = 'none' | 'in-transaction' | `queue+fold ${number}`;

async function round(
  connections: Connections,
  subject: Subject,
  index: number,
  results: Map<string, Measure[]>,
) {
  const labels: Label[] = ['none', 'in-transaction', ...BATCHES.map((b) => `queue+fold ${b}` as const)];
  const order = labels.map((_, i) => labels[(i + index) % labels.length]!);
  const add = (label: string, m: Measure) => results.set(label, [...(results.get(label) ?? []), m]);
  console.log(`round ${index + 1}: load ${loadAverage()}`);
  for (const label of order) {
    if (label === 'none' || label === 'in-transaction')
      add(label, await uploads(connections.uploaders, subject, label));
    else {
      add('queue (upload)', await uploads(connections.uploaders, subject, 'queue'));
      add(
        `fold of ${label.split(' ')[1]} (folder)`,
        await fold(connections.folder, subject, Number(label.split(' ')[1])),
      );
    }
  }
}

function report(results: Map<string, Measure[]>): void {
  const med = (label: string, key: keyof Measure) => median(results.get(label)!.map((m) => m[key]));
  console.log(
    '\nmedians of the rounds (CPU: the PostgreSQL backends, per run; latency: upload, or folder per run)',
  );
  console.log('design                      CPU µs/run   p50 ms   p95 ms');
  for (const label of results.keys())
    console.log(
      `${label.padEnd(26)}  ${med(label, 'cpuUsPerRun').toFixed(0).padStart(10)}   ${med(label, 'p50Ms')
        .toFixed(2)
        .padStart(6)}   ${med(label, 'p95Ms').toFixed(2).padStart(6)}`,
    );
  const none = med('none', 'cpuUsPerRun');
  console.log(`\njudging's cost per run (CPU above 'none'):`);
  console.log(
    `  in the upload's transaction: ${(med('in-transaction', 'cpuUsPerRun') - none).toFixed(0)} µs`,
  );
  for (const b of BATCHES)
    console.log(
      `  queue + fold of ${b}: ${(med('queue (upload)', 'cpuUsPerRun') - none + med(`fold of ${b} (folder)`, 'cpuUsPerRun')).toFixed(0)} µs`,
    );
  console.log(`violations written: ${violations}; load at the end ${loadAverage()}`);
}

async function main(): Promise<void> {
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_SERVER_URL;
  const url = await createDatabase(serverUrl, DATABASE);
  try {
    // the built API migrates the database (bench/ may not import its migrations)
    const api = await startApi(url);
    await api.stop();
    const subject = await seed(url);
    const connections = {
      uploaders: await Promise.all(Array.from({ length: CLIENTS }, () => connect(url))),
      folder: await connect(url),
    };
    try {
      const results = new Map<string, Measure[]>();
      // a first round warms the caches and the prepared statements; not counted
      await round(connections, subject, 0, new Map());
      for (let i = 0; i < ROUNDS; i++) await round(connections, subject, i, results);
      report(results);
    } finally {
      for (const { db } of [...connections.uploaders, connections.folder]) await db.end();
    }
  } finally {
    await dropDatabase(serverUrl, DATABASE);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
