/**
 * Waiting for the API's background folds (migration 1763861400000): an upload queues its run's
 * step values and the API folds them shortly after, so a measure of the uploads' CPU ends once the
 * queue is empty, with the folds' work inside it.
 */
import { Client } from 'pg';

const POLL_MS = 20;

/** Until `url`'s queue of runs to fold is empty; at once on a database without one (a build before it). */
export async function foldsSettled(url: string, timeoutMs = 60_000): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const [{ queue }] = (
      await db.query<{ queue: string | null }>(`SELECT to_regclass('run_step_value_queue')::text AS queue`)
    ).rows as [{ queue: string | null }];
    if (!queue) return;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM run_step_value_queue');
      if (rows[0]!.n === 0) return;
      if (Date.now() > deadline)
        throw new Error(`${rows[0]!.n} runs still queued to fold after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await db.end();
  }
}
