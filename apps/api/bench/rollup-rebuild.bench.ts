/**
 * run_rollups_rebuild of one account, as it is and as it was before migrations 1763860900000 (the
 * roll-ups' triggers ran on the rows it inserts again) and 1763861000000 (the bin width a SQL
 * function planned again at each call), alternately in one sitting, on a kept database
 * (BENCH_DATABASE, seeded by `reports.bench.ts --seed-only` and migrated; BENCH_ROUNDS, default 3).
 * Each rebuild runs in a transaction rolled back after, so every round starts from the same rows;
 * "before" undoes the two migrations inside its transaction. Prints each round and the medians.
 *   BENCH_DATABASE=rb20k npx tsx apps/api/bench/rollup-rebuild.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { RebuildWithoutTriggers1763860900000 } from '../src/database/migrations/1763860900000-rebuild-without-triggers';
import { BinWidthPlpgsql1763861000000 } from '../src/database/migrations/1763861000000-bin-width-plpgsql';

const DATABASE = process.env['BENCH_DATABASE'] ?? 'sweepline_bench_reports';
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const SERVER = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The migrations' downs, newest first, given a client where TypeORM's runner would be. */
async function undoMigrations(db: Client): Promise<void> {
  const runner = { query: (sql: string) => db.query(sql) } as never;
  await new BinWidthPlpgsql1763861000000().down(runner);
  await new RebuildWithoutTriggers1763860900000().down(runner);
}

async function timeRebuild(db: Client, accountId: number, before: boolean): Promise<number> {
  await db.query('BEGIN');
  try {
    if (before) await undoMigrations(db);
    const started = performance.now();
    await db.query('SELECT run_rollups_rebuild($1)', [accountId]);
    return (performance.now() - started) / 1000;
  } finally {
    await db.query('ROLLBACK');
  }
}

async function main(): Promise<void> {
  const url = new URL(SERVER);
  url.pathname = `/${DATABASE}`;
  const db = new Client({ connectionString: url.toString() });
  await db.connect();
  try {
    // the account with the most runs: the scale seed's
    const { rows } = await db.query<{ id: number; runs: string }>(
      `SELECT account_id AS id, count(*) AS runs FROM run GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    const account = rows[0];
    if (!account) throw new Error(`${DATABASE} has no runs: seed it first (reports.bench.ts --seed-only)`);
    console.log(`${DATABASE}: account ${account.id}, ${Number(account.runs).toLocaleString('en')} runs`);
    const times = { now: [] as number[], before: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      // the order swaps each round, so neither form always runs on a warmer cache
      for (const before of round % 2 ? [false, true] : [true, false]) {
        const seconds = await timeRebuild(db, account.id, before);
        (before ? times.before : times.now).push(seconds);
        console.log(`round ${round}, ${before ? 'before' : 'now'}: ${seconds.toFixed(2)} s`);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(2);
    console.log(`median: now ${median(times.now)} s, before ${median(times.before)} s`);
  } finally {
    await db.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
