/**
 * Issue 40, part by part: PostgreSQL's CPU for each of the upload's statements with and without
 * what measured the run, on a kept database (BENCH_DATABASE, e.g. a copy of the 1,000,000-run
 * `reports.bench.ts --seed-only` database), timed apart so that parts of 10-100 µs show, which
 * the side-by-side sitting (`reports.bench.ts --origin-cost`) cannot separate.
 *
 * The statements are the API's own (run-upload.repository.ts), with the values of one stored run
 * that names its origin set: its unit, test and stage entry, its station, its set's instruments
 * (by vendor, model and serial) and calibrations (by key). Each variant has a connection of its
 * own, prepares its statement once, warms up, then runs ROUNDS rounds of EXECUTIONS executions,
 * the variants interleaved in each round. A store runs in a transaction that is rolled back, so
 * nothing is kept; with BENCH_TRIGGERS unset the run's triggers (roll-ups, slots) are off
 * (`session_replication_role = replica`), as they are the same for every variant and only add
 * noise. The cost is the backend's time on the CPU (/proc/<pid>/schedstat, nanoseconds), per
 * execution, minus nothing: `SELECT 1` is printed beside them as the floor of a round trip.
 */
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { STATE, STATE_WITH_ORIGIN, STORE } from '../src/runner/run-upload.repository';
import { originSetDigest, originSetParams } from '../src/runner/upload-origin.sql';
import { backendCpuNs } from './kept-database';

const SERVER_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env['BENCH_DATABASE'];
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7);
const EXECUTIONS = Number(process.env['BENCH_EXECUTIONS'] ?? 1000);
const WARM_UP = 30;
const WITH_TRIGGERS = process.env['BENCH_TRIGGERS'] === '1';

/** The stored run whose values every variant sends, with its origin set's content. */
interface Sample {
  account_id: number;
  product_id: number;
  seq_id: number;
  serial_number_id: number;
  sn: string;
  history_id: number;
  start_time: Date;
  result: number;
  steps: string;
  station: string;
  runner_version: string;
  seq_version: number;
  instrument_ids: number[];
  instrument_roles: string[];
  instrument_due_ons: string[];
  calibration_ids: number[];
  calibration_steps: number[][];
  vendors: string[];
  models: string[];
  serials: string[];
  keys: string[];
}

const SAMPLE = `
  SELECT r.account_id, r.product_id, r.seq_id, r.serial_number_id, r.sn, r.sn_stage_history_id AS history_id,
         r.start_time, r.result::int AS result, r.steps::text AS steps, r.station, r.runner_version, r.seq_version,
         s.instrument_ids, s.instrument_roles, s.instrument_due_ons::text[] AS instrument_due_ons,
         s.calibration_ids, s.calibration_steps,
         ARRAY(SELECT i.vendor FROM unnest(s.instrument_ids) WITH ORDINALITY x(id, n) JOIN instrument i ON i.id = x.id ORDER BY x.n) AS vendors,
         ARRAY(SELECT i.model FROM unnest(s.instrument_ids) WITH ORDINALITY x(id, n) JOIN instrument i ON i.id = x.id ORDER BY x.n) AS models,
         ARRAY(SELECT i.serial FROM unnest(s.instrument_ids) WITH ORDINALITY x(id, n) JOIN instrument i ON i.id = x.id ORDER BY x.n) AS serials,
         ARRAY(SELECT c.client_key FROM calibration_record c WHERE c.id = ANY(s.calibration_ids) ORDER BY c.id) AS keys
    FROM run r JOIN run_origin_set s ON s.id = r.origin_set_id AND s.account_id = r.account_id
   WHERE r.origin_set_id IS NOT NULL AND cardinality(s.instrument_ids) > 0 AND cardinality(s.calibration_ids) > 0
   ORDER BY cardinality(s.instrument_ids) + cardinality(s.calibration_ids) DESC, r.start_time DESC LIMIT 1`;

interface Variant {
  name: string;
  /** Sends one execution on `db`. */
  execute: (db: Client, n: number) => Promise<void>;
  db?: Client;
  pid?: number;
  /** µs of backend CPU per execution, one per round. */
  rounds: number[];
  /** Its prepared statement's plans: generic against custom. */
  plans?: string;
}

function stateParams(s: Sample): unknown[] {
  return [
    s.account_id,
    'bench-parts',
    s.serial_number_id,
    s.history_id,
    s.product_id,
    s.seq_id,
    s.start_time,
    s.result,
  ];
}

/** The digest of the sample's origin set, as the upload sends it to STORE (originSetDigest). */
function setDigest(s: Sample): string {
  return originSetDigest(
    originSetParams({
      instruments: s.instrument_ids.map((id, i) => ({
        id,
        role: s.instrument_roles[i]!,
        dueOn: s.instrument_due_ons[i]!,
      })),
      calibrations: s.calibration_ids.map((id, i) => ({ id, stepIndices: s.calibration_steps[i]! })),
    }),
  );
}

/** STATE_WITH_ORIGIN's parameters: STATE's, the instruments' vendors, models and serials, the keys. */
function stateOriginParams(s: Sample): unknown[] {
  return [...stateParams(s), s.vendors, s.models, s.serials, s.keys];
}

/** STORE's 24 parameters for the sample run, with or without its station and its origin set's digest. */
function storeParams(s: Sample, n: number, origin: { station: boolean; set: boolean }): unknown[] {
  const run = [s.account_id, s.product_id, s.seq_id, s.serial_number_id, s.sn, s.history_id, 99];
  const times = [`bench-parts-${n}`, s.seq_version, s.start_time, s.start_time, s.result, null, 'bench'];
  return [
    ...run,
    ...times,
    s.steps,
    false,
    [],
    [],
    [],
    null,
    origin.station ? s.station : null,
    origin.station ? s.runner_version : null,
    false,
    origin.set ? setDigest(s) : null,
  ];
}

function variants(s: Sample): Variant[] {
  const prepared =
    (name: string, text: string, values: (n: number) => unknown[]) => (db: Client, n: number) =>
      db.query({ name, text, values: values(n) }).then(() => undefined);
  /** `send` in a transaction rolled back, so nothing is kept. */
  const rolledBack = (send: Variant['execute']) => async (db: Client, n: number) => {
    await db.query('BEGIN');
    await send(db, n);
    await db.query('ROLLBACK');
  };
  const store = (origin: { station: boolean; set: boolean }) =>
    rolledBack(prepared('store', STORE, (n) => storeParams(s, n, origin)));
  const named = (name: string, execute: Variant['execute']): Variant => ({ name, execute, rounds: [] });
  return [
    named(
      'SELECT 1',
      prepared('one', 'SELECT 1', () => []),
    ),
    named(
      'STATE (names nothing)',
      prepared('state', STATE, () => stateParams(s)),
    ),
    named(
      `STATE_WITH_ORIGIN (${s.vendors.length} instruments, ${s.keys.length} keys)`,
      prepared('state-origin', STATE_WITH_ORIGIN, () => stateOriginParams(s)),
    ),
    named('BEGIN, STORE (names nothing), ROLLBACK', store({ station: false, set: false })),
    named('… STORE with station and runner version', store({ station: true, set: false })),
    named('… STORE with its origin set (found by its digest)', store({ station: false, set: true })),
    named('… STORE with both (an upload naming its origin)', store({ station: true, set: true })),
  ];
}

/** The backend's time on the CPU so far, in nanoseconds. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  if (!DATABASE)
    throw new Error('BENCH_DATABASE: a kept database with origin sets (reports.bench.ts --seed-only)');
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE}`;
  const probe = new Client({ connectionString: url.toString() });
  await probe.connect();
  const { rows } = await probe.query<Sample>(SAMPLE);
  await probe.end();
  const sample = rows[0];
  if (!sample) throw new Error(`${DATABASE} has no run naming an instrument and a calibration`);
  const all = variants(sample);
  for (const v of all) {
    v.db = new Client({ connectionString: url.toString() });
    await v.db.connect();
    v.pid = (await v.db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    // once per connection: setting it resets the connection's plan cache, so per transaction it
    // would plan every statement anew
    if (!WITH_TRIGGERS) await v.db.query('SET session_replication_role = replica');
    for (let n = 0; n < WARM_UP; n++) await v.execute(v.db, n);
  }
  console.log(
    `${DATABASE}: ${ROUNDS} rounds of ${EXECUTIONS} executions, triggers ${WITH_TRIGGERS ? 'on' : 'off'}`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    // each round starts with another variant, so no variant always follows the same one
    const order = all.map((_, i) => all[(i + round) % all.length]!);
    for (const v of order) {
      const before = backendCpuNs(v.pid!);
      for (let n = 0; n < EXECUTIONS; n++) await v.execute(v.db!, n);
      v.rounds.push((backendCpuNs(v.pid!) - before) / EXECUTIONS / 1000);
    }
    console.log(`  round ${round + 1}, load ${loadAverage()}`);
  }
  // a statement PostgreSQL plans anew at every execution (custom plans) pays its planning each time
  for (const v of all) {
    const plans = await v.db!.query<{ name: string; generic_plans: string; custom_plans: string }>(
      "SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name <> ''",
    );
    v.plans = plans.rows
      .map((p) => `${p.name}: ${p.generic_plans} generic, ${p.custom_plans} custom`)
      .join('; ');
    await v.db!.end();
  }
  const width = Math.max(...all.map((v) => v.name.length));
  console.log(`\n${'statement'.padEnd(width)}  median   lowest  (µs of PostgreSQL CPU per execution; plans)`);
  for (const v of all)
    console.log(
      `${v.name.padEnd(width)}  ${median(v.rounds).toFixed(1).padStart(6)}   ${Math.min(...v.rounds)
        .toFixed(1)
        .padStart(6)}  ${v.plans}`,
    );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
