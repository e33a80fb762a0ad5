/**
 * The cost of closing the uploads' quarter hours (migration 1763861600000): an open quarter hour's
 * slots are made from its values once it is over, minutes after a bench's turn, so a measure of
 * the uploads' CPU adds what that closing costs them. Measured by closing every open quarter hour
 * now, in a transaction rolled back (the API's folder closes them for real once they are over), as
 * the CPU of the backend that ran it divided by the runs whose values it made into slots. So that
 * the API's own closing never runs during a measured turn (it would charge that turn for earlier
 * sittings' runs), a sitting starts with every quarter hour that is over closed, far enough from
 * the next quarter hour's end (quarterHourAhead).
 */
import { Client } from 'pg';
import { cpuSeconds } from './cpu';

const QUARTER_HOUR_MS = 900_000;
/** Longer than a sitting's warm-up, its turns and their folds. */
const SITTING_MS = 120_000;

export interface ClosingCost {
  /** PostgreSQL's CPU for the closing, ms. */
  cpuMs: number;
  /** The runs with values in the quarter hours it closed. */
  runs: number;
}

/** `body` on a connection to `url`, when its database closes quarter hours; null on one without (a build before it). */
async function withClosing<T>(url: string, body: (db: Client) => Promise<T>): Promise<T | null> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const [{ close }] = (
      await db.query<{ close: string | null }>(`SELECT to_regproc('run_step_slots_close')::text AS close`)
    ).rows as [{ close: string | null }];
    return close ? await body(db) : null;
  } finally {
    await db.end();
  }
}

/** The closing of `url`'s open quarter hours; null on a database without them. */
export function quarterHoursClosingCost(url: string): Promise<ClosingCost | null> {
  return withClosing(url, async (db) => {
    const [{ pid, runs }] = (
      await db.query<{ pid: number; runs: number }>(
        `SELECT pg_backend_pid() AS pid, count(DISTINCT (v.start_time, v.run_id))::int AS runs
           FROM run_step_slot_pending p
           JOIN run_step_value v ON v.account_id = p.account_id AND v.seq_id = p.seq_id AND v.title = p.title
            AND v.unit = p.unit AND v.start_time >= p.slot_start AND v.start_time < p.slot_start + interval '15 minutes'`,
      )
    ).rows as [{ pid: number; runs: number }];
    const backend = (_: string, p: number) => p === pid;
    await db.query('BEGIN');
    const before = cpuSeconds(backend);
    // every quarter hour up to the end of the current one
    await db.query(`SELECT run_step_slots_close(now() + interval '15 minutes')`);
    const cpuMs = (cpuSeconds(backend) - before) * 1000;
    await db.query('ROLLBACK');
    return { cpuMs, runs };
  });
}

/**
 * Before a sitting on `url`: waits, when the current quarter hour ends within SITTING_MS, until it
 * has ended, then closes every quarter hour that is over (committed, not measured). At once on a
 * database without them.
 */
export async function quarterHourAhead(url: string): Promise<void> {
  await withClosing(url, async (db) => {
    const left = QUARTER_HOUR_MS - (Date.now() % QUARTER_HOUR_MS);
    if (left < SITTING_MS) {
      console.log(`waiting ${Math.ceil(left / 1000)} s for the quarter hour to end…`);
      await new Promise((resolve) => setTimeout(resolve, left + 1000));
    }
    await db.query('SELECT run_step_slots_close(now())');
  });
}
