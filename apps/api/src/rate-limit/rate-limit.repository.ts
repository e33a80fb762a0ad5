import { Injectable } from '@nestjs/common';
import { PoolDb } from '../database/pool-db';

/**
 * The `rate_limit` table: fixed-window counters shared by every API instance. Written on the
 * pool, outside the request's transaction on purpose: a refused login rolls its request back, and
 * the attempt must still count.
 */
@Injectable()
export class RateLimitRepository {
  constructor(private readonly pool: PoolDb) {}

  /** Counts one under `key` in the current window of `minutes`; the new count and the window's seconds left. */
  async count(key: string, minutes: number): Promise<{ count: number; secondsLeft: number } | undefined> {
    const [row] = await this.pool.query<{ count: number; seconds_left: string }>(
      `INSERT INTO rate_limit (key, window_start, count)
       VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / ($2 * 60)) * ($2 * 60)), 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit.count + 1
       RETURNING count, extract(epoch FROM window_start + make_interval(mins => $2) - now()) AS seconds_left`,
      [key, minutes],
    );
    return row && { count: row.count, secondsLeft: Number(row.seconds_left) };
  }

  /** Drops the windows older than a day. */
  async purge(): Promise<void> {
    await this.pool.query(`DELETE FROM rate_limit WHERE window_start < now() - interval '1 day'`);
  }
}
