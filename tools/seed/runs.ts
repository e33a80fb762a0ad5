/**
 * Months of production in bulk: the plan goes into temp tables, runs-sql.ts makes units, stage
 * histories and runs from it in a few statements, in the caller's transaction.
 */
import type { StepResult } from '@sweepline/domain';
import { encodeFloat32 } from '@sweepline/domain';
import type { Client } from 'pg';
import { days, productRows, testRows } from './plan';
import type { Template } from './results';
import { rng, rowModels } from './results';
import {
  HISTORY_SQL,
  INSERT_RUNS_SQL,
  RUNS_SQL,
  SERIAL_NUMBERS_SQL,
  STAGE_HISTORY_SQL,
  THIN_SQL,
  TRACED_ROWS_SQL,
  TRIES_SQL,
  UNITS_SQL,
} from './runs-sql';
import { seededTables } from './seeded-tables';
import type { ReleaseEra } from './releases';
import { changedLimits, rowsUnder } from './release-rows';
import { traceOf } from './traces';
import type { BuiltProduct } from './tests';
import type { Lab } from './lab';
import { insertLabRuns, labTables, retirementOf, SEED_RUNNER_VERSION } from './lab';

export interface RunOptions {
  accountId: number;
  products: readonly BuiltProduct[];
  /** Step-result variants by test id. */
  templates: ReadonlyMap<number, Template[]>;
  /** By test id: which release the runner ran when (releases.ts). */
  eras: ReadonlyMap<number, readonly ReleaseEra[]>;
  days: number;
  /** The end of the range (the runs stop at `now` when it is later). */
  end: Date;
  now: Date;
  units: number;
  /** Keep only the first this many runs (scale mode); null keeps all. */
  maxRuns: number | null;
  /**
   * Insert the runs with run's triggers off and make the account's roll-ups once afterwards
   * (run_rollups_rebuild, set-based): for scale mode, where the row triggers would take most of
   * the time. Off, the triggers keep the roll-ups as they do for the runner's uploads.
   */
  bulk: boolean;
  /** Who runs the tests: the first before 14:00 UTC, the second after. */
  operators: readonly { id: number; name: string }[];
  /** Who adds the serial numbers and jumps them. */
  adder: string;
  /** The stations and instruments that measure the runs (issue 40). */
  lab: Lab;
  /** Who recorded the instruments' certificates. */
  manager: { id: number; name: string };
  /** Runs of this many last days keep traces of their report-marked and failed steps. */
  traceDays: number;
  /** Every this many finished units one is jumped back to its first stage (0: none). */
  jumpEvery: number;
  progress: (line: string) => void;
}

export interface RunCounts {
  units: number;
  runs: number;
  passed: number;
  failed: number;
  aborted: number;
  /** First tries that passed / first tries that passed or failed. */
  firstPass: number;
  traces: number;
  /** Instruments, and the calibrations their runs name (issue 40). */
  instruments: number;
  calibrations: number;
}

/**
 * Runs per INSERT. The API's statement triggers on run (run_step_value) write each statement's
 * rows in hash order: small statements keep them in about the time order that uploads give, as a
 * report reading a range of days expects.
 */
const CHUNK = 10_000;
const PROGRESS_EVERY = 100_000;

/**
 * Runs of the first INSERT, after which the tables are analyzed. The API's roll-ups are kept by
 * row triggers on run, one run at a time by primary key, and PL/pgSQL plans those lookups once per
 * session: planned while the tables are nearly empty, a seq scan looks cheapest and stays the plan
 * for the whole seed (one transaction, which autovacuum cannot see), each run then reading every
 * row written so far (a demo seed took 55-70 s instead of 14-21 s). ANALYZE counts this
 * transaction's own rows and makes the triggers plan again: the lookups become index scans.
 */
const FIRST_CHUNK = 1_000;

/** The plan made fewer runs than asked for (retests are random): plan again with more units. */
export class ShortPlan extends Error {}

async function table(db: Client, name: string, columns: string, rows: readonly object[]): Promise<void> {
  await db.query(
    `CREATE TEMP TABLE ${name} ON COMMIT DROP AS
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${columns})`,
    [JSON.stringify(rows)],
  );
}

async function planTables(db: Client, o: RunOptions): Promise<void> {
  await db.query('SELECT setseed(0.42)');
  await table(db, 'seed_day', 'd int, units int, factor float8', days(o.days, o.units, o.end));
  const products = productRows(o.products).map((p, i) => ({
    ...p,
    first_stage: Math.min(...o.products[i]!.tests.map((t) => t.spec.stage)),
  }));
  await table(
    db,
    'seed_product',
    'product_idx int, product_id int, sn_prefix text, share_lo float8, share_hi float8, n_stages int, first_stage int',
    products,
  );
  await table(
    db,
    'seed_test',
    'product_idx int, seq_id int, ti int, stage_rank int, next_stage int, last_in_stage boolean, first_fail float8, n_pass int, n_fail int, n_abort int, steady_from timestamptz, steady_fail int[]',
    testRows(o.products, o.templates, new Date(o.end.getTime() - 86_400_000)),
  );
  await table(
    db,
    'seed_user',
    'idx int, id int, name text',
    o.operators.map((u, idx) => ({ idx, ...u })),
  );
  await labTables(db, o.lab, o.products, o.templates);
  const models = rowModelsByTest(o);
  const tests = new Map(o.products.flatMap((p) => p.tests.map((t) => [t.id, t])));
  const tmpl = [...o.templates].flatMap(([seqId, list]) =>
    o.eras.get(seqId)!.flatMap((era, e) => {
      const limits = changedLimits(tests.get(seqId)!, era.content);
      return list.map((t) => ({
        seq_id: seqId,
        ...t,
        steps: rowsUnder(t, limits),
        models: t.steps.map((_, i) => models.get(seqId)![i] ?? null),
        era: e,
        era_from: era.from?.toISOString() ?? '-infinity',
        era_until: era.until?.toISOString() ?? 'infinity',
        release_no: era.releaseNo,
        seq_version: era.seqVersion,
      }));
    }),
  );
  await table(
    db,
    'seed_tmpl',
    `seq_id int, result smallint, variant int, steps jsonb, models jsonb, era_from timestamptz,
     era_until timestamptz, release_no int, seq_version int`,
    tmpl,
  );
  // the rows a run traces are the same in every era (older limits keep each row's verdict)
  await table(
    db,
    'seed_traced',
    'seq_id int, result smallint, variant int, step_index int, action_id int, band_lo float8, band_hi float8',
    tmpl
      .filter((t) => t.era === 0)
      .flatMap((t) =>
        t.traced.map(({ index, actionId, band }) => ({
          ...t,
          steps: undefined,
          traced: undefined,
          step_index: index,
          action_id: actionId,
          band_lo: band[0],
          band_hi: band[1],
        })),
      ),
  );
}

/**
 * How each row of a test's runs varies per run (results.ts rowModels), by row index, as
 * [nominal, spread, drift, shift, shift start in epoch seconds] (null: a row without a number).
 * The rows of a run are the same in every template of a test (an aborted one has the first few),
 * so each template carries this list beside its steps and the SQL reads it by index, no join.
 */
function rowModelsByTest(o: RunOptions): Map<number, ([number, number, number, number, number] | null)[]> {
  const lastDay = o.end.getTime() - 86_400_000;
  return new Map(
    o.products.flatMap((p) =>
      p.tests.map((test) => [
        test.id,
        test.steps
          .flatMap((step, i) => rowModels(step, test.spec.steps[i]!))
          .map((model) =>
            model
              ? ([
                  model.nominal,
                  model.spread,
                  model.pattern?.drift ?? 0,
                  model.pattern?.shift?.by ?? 0,
                  (lastDay - (model.pattern?.shift?.daysBeforeEnd ?? 1e5) * 86_400_000) / 1000,
                ] as [number, number, number, number, number])
              : null,
          ),
      ]),
    ),
  );
}

const TRACE_CHUNK = 500;

/**
 * The traces of the runs since `since` (report-marked and failed rows), each drawn from the run's
 * own value with a ripple of its own depth, so the units' traces differ as their values do.
 */
async function insertTraces(db: Client, runBase: number, since: Date, accountId: number): Promise<number> {
  const { rows } = await db.query<{
    run_id: string;
    step_index: number;
    action_id: number;
    band_lo: number;
    band_hi: number;
    row: StepResult;
  }>(TRACED_ROWS_SQL, [runBase, since]);
  const random = rng(4242);
  for (let from = 0; from < rows.length; from += TRACE_CHUNK) {
    const chunk = rows.slice(from, from + TRACE_CHUNK).map((r) => {
      const { freqs, values } = traceOf(
        r.row,
        r.action_id,
        [r.band_lo, r.band_hi],
        201,
        0.6 + 0.8 * random(),
      );
      return [
        r.run_id,
        r.step_index,
        Buffer.from(encodeFloat32(freqs)),
        Buffer.from(encodeFloat32(values)),
      ] as const;
    });
    await db.query(
      `INSERT INTO run_trace (run_id, step_index, freqs_mhz, vals, account_id)
       SELECT *, $5::int FROM unnest($1::bigint[], $2::int[], $3::bytea[], $4::bytea[])`,
      [...[0, 1, 2, 3].map((c) => chunk.map((t) => t[c])), accountId],
    );
  }
  return rows.length;
}

/** Ids for `count` rows from a table's sequence, taken at once: the rows may then be numbered. */
export async function reserve(db: Client, tableName: string, count: number): Promise<number> {
  const { rows } = await db.query<{ base: string }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id')) AS base`,
    [tableName],
  );
  const base = Number(rows[0]!.base);
  await db.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2::bigint)`, [tableName, base + count]);
  return base;
}

async function count(db: Client, sql: string): Promise<number> {
  const { rows } = await db.query<{ n: string | null }>(sql);
  return Number(rows[0]!.n ?? 0);
}

export async function insertRuns(db: Client, o: RunOptions): Promise<RunCounts> {
  const start = new Date(o.end.getTime() - o.days * 86_400_000);
  await planTables(db, o);
  await db.query(UNITS_SQL, [start, o.now]);
  await db.query(TRIES_SQL, [o.now]);
  if (o.maxRuns !== null) {
    const planned = await count(db, 'SELECT count(*) AS n FROM seed_try');
    if (planned < o.maxRuns) throw new ShortPlan(`${planned} runs planned`);
    await db.query(THIN_SQL, [planned - o.maxRuns]);
  }
  await db.query(RUNS_SQL, [retirementOf(o.lab)]);
  if (o.maxRuns !== null) {
    await db.query('DELETE FROM seed_run WHERE n > $1', [o.maxRuns]);
    // an anti-join: NOT IN over a million ids falls back to a scan per unit when they pass work_mem
    await db.query('DELETE FROM seed_unit su WHERE NOT EXISTS (SELECT 1 FROM seed_run r WHERE r.u = su.u)');
  }
  await db.query(
    'DROP TABLE seed_try; CREATE INDEX ON seed_run (n); CREATE INDEX ON seed_unit (u); ANALYZE seed_run; ANALYZE seed_unit',
  );
  const units = await count(db, 'SELECT count(*) AS n FROM seed_unit');
  const runs = await count(db, 'SELECT count(*) AS n FROM seed_run');
  const maxStages = Math.max(...o.products.map((p) => new Set(p.tests.map((t) => t.spec.stage)).size));
  const block = maxStages + 2;
  await db.query(HISTORY_SQL, [block, o.jumpEvery, o.now, o.adder]);
  const maxU = await count(db, 'SELECT max(u) AS n FROM seed_unit');
  const snBase = await reserve(db, 'serial_number', maxU);
  const historyBase = await reserve(db, 'sn_stage_history', maxU * block);
  const runBase = await reserve(db, 'run', runs);
  o.progress(`${units.toLocaleString('en')} serial numbers, ${runs.toLocaleString('en')} runs planned`);
  await db.query(SERIAL_NUMBERS_SQL, [o.accountId, snBase, historyBase, block]);
  await db.query(STAGE_HISTORY_SQL, [o.accountId, snBase, historyBase, block, runBase]);
  // the months' partitions first (the API makes only the current month's and the next ones): else
  // the runs of earlier months go to run_default and run_step_value_default, and the API's next
  // start moves them, tens of GB at 10,000,000 runs
  await db.query(
    `SELECT run_create_month_partition(m::date)
       FROM generate_series(date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC'), $2::timestamptz AT TIME ZONE 'UTC', interval '1 month') m`,
    [start, o.end],
  );
  // replica: triggers (the roll-ups', and the foreign keys' checks) do not fire for this transaction;
  // setting it takes a superuser, and anyone else seeds with the triggers on (slower, the same rows)
  const bulk = o.bulk && (await count(db, `SELECT (current_setting('is_superuser') = 'on')::int AS n`)) === 1;
  if (bulk) await db.query('SET LOCAL session_replication_role = replica');
  let from = 1;
  while (from <= runs) {
    // after the first small chunk, chunks end on multiples of CHUNK, as the progress lines do
    const to = Math.min(runs, from === 1 ? FIRST_CHUNK : from - 1 + CHUNK - ((from - 1) % CHUNK));
    await db.query(INSERT_RUNS_SQL, [
      o.accountId,
      snBase,
      historyBase,
      block,
      runBase,
      from,
      to,
      start.getTime() / 1000,
      o.end.getTime() / 1000,
      SEED_RUNNER_VERSION,
    ]);
    // with run's triggers on, each chunk queued its runs' step values: folded chunk by chunk
    // (migration 1763861400000), as the triggers wrote them before; one fold of every run was slower
    if (!bulk) await db.query('SELECT run_step_values_fold($1, NULL, NULL)', [o.accountId]);
    if (from === 1 && !bulk) await db.query(`ANALYZE ${await seededTables(db)}`);
    if (to % PROGRESS_EVERY === 0 || to === runs) {
      o.progress(`runs ${to.toLocaleString('en')} / ${runs.toLocaleString('en')}`);
    }
    from = to + 1;
  }
  if (bulk) {
    await db.query('SET LOCAL session_replication_role = origin');
    o.progress('making the roll-ups (reports, analytics) from the runs…');
    // The rebuild reads whole accounts, and reads roll-ups it has just written in this transaction.
    // Their statistics do not know this account: a seed that replaces one gets new ids. The planner
    // then expects a row or two and joins by nested loops: replacing a 60,000-run account took
    // over 200 s in one self-join of run_unit_day (182 million row pairs) instead of 52 s in all.
    await db.query('SET LOCAL enable_nestloop = off');
    await db.query('SELECT run_rollups_rebuild($1)', [o.accountId]);
    await db.query('RESET enable_nestloop');
  }
  const lab = await insertLabRuns(db, {
    accountId: o.accountId,
    runBase,
    lab: o.lab,
    manager: o.manager,
    reserve: (name, n) => reserve(db, name, n),
  });
  let traces = 0;
  if (o.traceDays > 0) {
    const since = new Date(o.now.getTime() - o.traceDays * 86_400_000);
    traces = await insertTraces(db, runBase, since, o.accountId);
  }
  const { rows } = await db.query<Record<string, string | null>>(
    `SELECT count(*) FILTER (WHERE result = 1) AS passed, count(*) FILTER (WHERE result = 0) AS failed,
            count(*) FILTER (WHERE result = -1) AS aborted,
            avg((result = 1)::int) FILTER (WHERE k = 1 AND result >= 0) AS first_pass
       FROM seed_run`,
  );
  const r = rows[0]!;
  return {
    units,
    runs,
    passed: Number(r['passed']),
    failed: Number(r['failed']),
    aborted: Number(r['aborted']),
    firstPass: Number(r['first_pass'] ?? 0),
    traces,
    ...lab,
  };
}
