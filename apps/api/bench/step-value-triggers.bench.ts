/**
 * The upload's part in the measurement roll-ups: the three statement triggers on run_step_value
 * (run_step_slot_add, run_step_slot_bins, run_step_day_add) for one run's step values, with
 * step_bin_width in PL/pgSQL (now) and as the SQL function before migration 1763861000000, in one
 * sitting, on a kept seeded database (BENCH_DATABASE, e.g. the `--seed-only` database of
 * reports.bench.ts) and a copy of it with the migration undone (made on the first run:
 * `<BENCH_DATABASE>_bin_width_sql`); BENCH_ROUNDS (default 5) rounds of BENCH_UPLOADS uploads
 * (default 40) to each, the two connections taking turns upload by upload.
 *
 * An upload here is the insert the run's own trigger makes: a stored run's values again, a second
 * later, as a new run id, so they merge into slots and days that already hold values, as most
 * uploads do. Each runs in a transaction rolled back after, so every upload meets the same rows,
 * and each connection keeps its functions' plans from one upload to the next, as the API's do.
 * The figures are the three functions' time from pg_stat_xact_user_functions (track_functions =
 * 'pl'; the difference around the insert) and the insert's time at the client.
 *   BENCH_DATABASE=sw_base npx tsx apps/api/bench/step-value-triggers.bench.ts
 */
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { connectTo, ensureCopy } from './kept-database';
import { BinWidthPlpgsql1763861000000 } from '../src/database/migrations/1763861000000-bin-width-plpgsql';

const DATABASE = process.env['BENCH_DATABASE'] ?? 'sweepline_bench_reports';
const BEFORE_DATABASE = `${DATABASE}_bin_width_sql`;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const UPLOADS = Number(process.env['BENCH_UPLOADS'] ?? 40);
const TRIGGERS = ['run_step_slot_add', 'run_step_slot_bins', 'run_step_day_add'];

/** A stored run's values inserted again a second later under a run id no run has. */
const UPLOAD = `
  INSERT INTO run_step_value (account_id, seq_id, title, start_time, run_id, sn, seq_version, value, lower, upper, unit)
  SELECT account_id, seq_id, title, start_time + interval '1 second', -run_id, sn, seq_version, value, lower, upper, unit
    FROM run_step_value WHERE account_id = $1 AND seq_id = $2 AND title = ANY($3) AND start_time = $4 AND run_id = $5`;

type Run = { account: number; seq: number; titles: string[]; start: Date; id: string };

/** The copy, made once: BinWidthPlpgsql1763861000000's down. */
const ensureBeforeCopy = () =>
  ensureCopy(DATABASE, BEFORE_DATABASE, (q) => new BinWidthPlpgsql1763861000000().down(q as never));

const triggerMs = async (db: Client): Promise<number> =>
  Number(
    (
      await db.query<{ ms: string }>(
        `SELECT coalesce(sum(total_time), 0) AS ms FROM pg_stat_xact_user_functions WHERE funcname = ANY($1)`,
        [TRIGGERS],
      )
    ).rows[0]!.ms,
  );

async function upload(db: Client, run: Run) {
  await db.query('BEGIN');
  try {
    await db.query(`SET LOCAL track_functions = 'pl'`);
    const triggersBefore = await triggerMs(db);
    const started = performance.now();
    await db.query(UPLOAD, [run.account, run.seq, run.titles, run.start, run.id]);
    const insertMs = performance.now() - started;
    return { insertMs, triggersMs: (await triggerMs(db)) - triggersBefore };
  } finally {
    await db.query('ROLLBACK');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  await ensureBeforeCopy();
  const forms = { now: await connectTo(DATABASE), before: await connectTo(BEFORE_DATABASE) };
  try {
    // runs with the most values, spread over the seeded range
    const runs = (
      await forms.now.query<Run>(
        `SELECT account_id AS account, seq_id AS seq, array_agg(DISTINCT title) AS titles, start_time AS start,
                run_id AS id
           FROM run_step_value GROUP BY account_id, seq_id, start_time, run_id HAVING count(*) >= 10
          ORDER BY hashint8(run_id) LIMIT $1`,
        [UPLOADS],
      )
    ).rows;
    if (runs.length === 0) throw new Error(`${DATABASE} has no step values: seed it first`);
    const figures = {
      now: { insert: [] as number[], triggers: [] as number[] },
      before: { insert: [] as number[], triggers: [] as number[] },
    };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const run of runs) {
        // the order swaps each round, so neither form always follows the other
        for (const form of round % 2 ? (['now', 'before'] as const) : (['before', 'now'] as const)) {
          const { insertMs, triggersMs } = await upload(forms[form], run);
          figures[form].insert.push(insertMs);
          figures[form].triggers.push(triggersMs);
        }
      }
      console.log(
        `round ${round}: the triggers' median now ${median(figures.now.triggers).toFixed(2)} ms, before ${median(figures.before.triggers).toFixed(2)} ms`,
      );
    }
    for (const [form, f] of Object.entries(figures))
      console.log(
        `${form}: ${f.insert.length} uploads, the three triggers ${median(f.triggers).toFixed(2)} ms median, the insert ${median(f.insert).toFixed(2)} ms`,
      );
  } finally {
    await forms.now.end();
    await forms.before.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
