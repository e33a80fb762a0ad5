/**
 * What the roll-ups of a quarter hour's uploads cost PostgreSQL after the upload, per run: the
 * background folds of their step values and, since migration 1763861600000, the closing of their
 * quarter hour, against the folds alone before it (its slots merged by the triggers at every
 * fold). On a kept seeded database (BENCH_DATABASE, e.g. the `--seed-only` database of
 * reports.bench.ts) and a copy of it with that migration undone (made on the first run:
 * `<BENCH_DATABASE>_slots_merged`); BENCH_ROUNDS (default 5) rounds, the two taking turns.
 *
 * A round on each: in one transaction, rolled back after, BENCH_RUNS (default 3,000) copies of
 * the latest stored runs, each inserted by a statement of its own as an upload inserts it (the
 * run's triggers queue it), into a quarter hour of their own an hour from now (open), in
 * start-time order; then the folds of FOLD_BATCH (500) runs until the queue is empty, and the
 * closing of that quarter hour where there is one. With BENCH_LATE=1, runs are uploaded and folded
 * FOLD_BATCH at a time, each batch started before the one folded last: runs that end (and are
 * uploaded) later than the folds' settling time after their start. The figure is the CPU of the
 * connection's backend over the folds and the closing (/proc/<pid>/schedstat), per run; the
 * inserts are not in it.
 *   BENCH_DATABASE=sw_base npx tsx apps/api/bench/fold-cost.bench.ts
 */
import { loadavg } from 'node:os';
import type { Client } from 'pg';
import { backendCpuNs, connectTo, ensureCopy } from './kept-database';
import { StepSlotsClosed1763861600000 } from '../src/database/migrations/1763861600000-step-slots-closed';
import { FOLD_BATCH } from '../src/reports/step-value-fold.repository';

const DATABASE = process.env['BENCH_DATABASE'] ?? 'sweepline_bench_reports';
const BEFORE_DATABASE = `${DATABASE}_slots_merged`;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3000);
/** Each fold's runs started before the last fold's (uploads that end later than they settle). */
const LATE = process.env['BENCH_LATE'] === '1';

/** The copy, made once: StepSlotsClosed1763861600000's down. */
const ensureBeforeCopy = () =>
  ensureCopy(DATABASE, BEFORE_DATABASE, (q) => new StepSlotsClosed1763861600000().down(q as never));

/** A copy of the stored run ($3, $4), `$2` ms after `$1`: one upload's insert. */
const UPLOAD = `
  INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                   client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps, is_first)
  SELECT r.account_id, r.product_id, r.seq_id, r.serial_number_id, r.sn, 0, 9, gen_random_uuid()::text,
         r.seq_version, $1::timestamptz + $2 * interval '1 millisecond', $1::timestamptz + $2 * interval '1 millisecond',
         r.result, NULL, 'bench', r.steps, false
    FROM run r WHERE r.id = $3 AND r.start_time = $4::timestamptz`;

/** The latest stored runs, newest first: what the copies copy. */
async function latestRuns(db: Client): Promise<{ id: string; start: string }[]> {
  return (
    await db.query<{ id: string; start: string }>(
      `SELECT id, start_time::text AS start FROM run WHERE start_time > (SELECT max(start_time) FROM run) - interval '7 days'
        ORDER BY start_time DESC LIMIT $1`,
      [RUNS],
    )
  ).rows;
}

/** One round on `db`: the backend's CPU for the folds and the closing, ms per run. */
async function round(
  db: Client,
  pid: number,
  runs: { id: string; start: string }[],
): Promise<{ foldMs: number; closeMs: number }> {
  await db.query('BEGIN');
  try {
    const [{ slot }] = (
      await db.query<{ slot: Date }>(
        `SELECT to_timestamp(ceil(extract(epoch FROM now()) / 900) * 900) + interval '1 hour' AS slot`,
      )
    ).rows as [{ slot: Date }];
    let foldMs = 0;
    // in order: every run uploaded, then folded; late: each fold's runs started before the last's
    const batches = LATE ? Math.ceil(runs.length / FOLD_BATCH) : 1;
    const perBatch = Math.ceil(runs.length / batches);
    for (let b = 0; b < batches; b++) {
      const first = (batches - 1 - b) * perBatch;
      for (const [k, run] of runs.slice(first, first + perBatch).entries())
        await db.query(UPLOAD, [slot, first + k, run.id, run.start]);
      const before = backendCpuNs(pid) / 1e6;
      while (
        Number(
          (
            await db.query<{ n: number }>(`SELECT run_step_values_fold(NULL, $1, 'infinity') AS n`, [
              FOLD_BATCH,
            ])
          ).rows[0]!.n,
        ) > 0
      );
      foldMs += backendCpuNs(pid) / 1e6 - before;
    }
    const folded = backendCpuNs(pid) / 1e6;
    const closes = (await db.query(`SELECT to_regproc('run_step_slots_close')::text AS f`)).rows[0]!.f;
    if (closes)
      await db.query(`SELECT run_step_slots_close($1::timestamptz + interval '15 minutes')`, [slot]);
    const closed = backendCpuNs(pid) / 1e6;
    return {
      foldMs: foldMs / runs.length,
      closeMs: (closed - folded) / runs.length,
    };
  } finally {
    await db.query('ROLLBACK');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  await ensureBeforeCopy();
  const forms = { closed: await connectTo(DATABASE), merged: await connectTo(BEFORE_DATABASE) };
  try {
    const pids = {
      closed: (await forms.closed.query('SELECT pg_backend_pid() AS pid')).rows[0]!.pid as number,
      merged: (await forms.merged.query('SELECT pg_backend_pid() AS pid')).rows[0]!.pid as number,
    };
    const runs = await latestRuns(forms.closed);
    if (runs.length < RUNS)
      throw new Error(`${DATABASE} has ${runs.length} runs in its last week: seed it first`);
    const figures = { closed: [] as number[], merged: [] as number[] };
    for (let r = 1; r <= ROUNDS; r++) {
      // the order swaps each round, so neither form always follows the other
      for (const form of r % 2 ? (['closed', 'merged'] as const) : (['merged', 'closed'] as const)) {
        const { foldMs, closeMs } = await round(forms[form], pids[form], runs);
        figures[form].push(foldMs + closeMs);
        console.log(
          `round ${r}, ${form}: folds ${foldMs.toFixed(3)} ms + closing ${closeMs.toFixed(3)} ms per run, load ${loadavg()[0]!.toFixed(1)}`,
        );
      }
    }
    for (const [form, f] of Object.entries(figures))
      console.log(
        `${form}: median ${median(f).toFixed(3)} ms of PostgreSQL's CPU per run (${f.length} rounds)`,
      );
  } finally {
    await forms.closed.end();
    await forms.merged.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
