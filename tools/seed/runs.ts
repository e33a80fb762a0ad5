/**
 * Months of production in bulk: the plan goes into temp tables, runs-sql.ts makes units, stage
 * histories and runs from it in a few statements, in the caller's transaction.
 */
import { encodeFloat32 } from '@sweepline/domain';
import { Client } from 'pg';
import { days, productRows, testRows } from './plan';
import { Template, traceOf } from './results';
import {
  HISTORY_SQL,
  INSERT_RUNS_SQL,
  RUNS_SQL,
  SERIAL_NUMBERS_SQL,
  STAGE_HISTORY_SQL,
  THIN_SQL,
  TRACES_SQL,
  TRIES_SQL,
  UNITS_SQL,
} from './runs-sql';
import { BuiltProduct } from './tests';

export interface RunOptions {
  accountId: number;
  products: readonly BuiltProduct[];
  /** Step-result variants by test id. */
  templates: ReadonlyMap<number, Template[]>;
  days: number;
  /** The end of the range (the runs stop at `now` when it is later). */
  end: Date;
  now: Date;
  units: number;
  /** Keep only the first this many runs (scale mode); null keeps all. */
  maxRuns: number | null;
  /** Who runs the tests: the first before 14:00 UTC, the second after. */
  operators: readonly { id: number; name: string }[];
  /** Who adds the serial numbers and jumps them. */
  adder: string;
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
}

/**
 * Runs per INSERT. The API's roll-ups are kept by statement triggers on run (run_unit_day), which
 * write each statement's rows in hash order: small statements keep them in about the time order
 * that uploads give, as a report reading a range of days expects.
 */
const CHUNK = 10_000;
const PROGRESS_EVERY = 100_000;

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
    'product_idx int, seq_id int, ti int, stage_rank int, next_stage int, last_in_stage boolean, first_fail float8, n_pass int, n_fail int, n_abort int',
    testRows(o.products, o.templates),
  );
  await table(
    db,
    'seed_user',
    'idx int, id int, name text',
    o.operators.map((u, idx) => ({ idx, ...u })),
  );
  const tmpl = [...o.templates].flatMap(([seqId, list]) => list.map((t) => ({ seq_id: seqId, ...t })));
  await table(db, 'seed_tmpl', 'seq_id int, result smallint, variant int, steps jsonb', tmpl);
  const traces = tmpl.flatMap((t) =>
    t.traced.map(({ index, band }) => {
      const { freqs, values } = traceOf(t.steps[index]!, band);
      return [
        t.seq_id,
        t.result,
        t.variant,
        index,
        Buffer.from(encodeFloat32(freqs)),
        Buffer.from(encodeFloat32(values)),
      ] as const;
    }),
  );
  await db.query(
    `CREATE TEMP TABLE seed_trace ON COMMIT DROP AS
     SELECT * FROM unnest($1::int[], $2::smallint[], $3::int[], $4::int[], $5::bytea[], $6::bytea[])
       AS x(seq_id, result, variant, step_index, freqs, vals)`,
    [0, 1, 2, 3, 4, 5].map((c) => traces.map((t) => t[c])),
  );
}

/** Ids for `count` rows from a table's sequence, taken at once: the rows may then be numbered. */
async function reserve(db: Client, tableName: string, count: number): Promise<number> {
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
  await db.query(RUNS_SQL);
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
  for (let from = 1; from <= runs; from += CHUNK) {
    const to = Math.min(runs, from + CHUNK - 1);
    await db.query(INSERT_RUNS_SQL, [o.accountId, snBase, historyBase, block, runBase, from, to]);
    if (to % PROGRESS_EVERY === 0 || to === runs) {
      o.progress(`runs ${to.toLocaleString('en')} / ${runs.toLocaleString('en')}`);
    }
  }
  let traces = 0;
  if (o.traceDays > 0) {
    const since = new Date(o.now.getTime() - o.traceDays * 86_400_000);
    traces = (await db.query(TRACES_SQL, [runBase, since, o.accountId])).rowCount ?? 0;
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
  };
}
