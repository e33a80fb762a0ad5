import { Injectable } from '@nestjs/common';
import { PoolDb } from '../database/pool-db';
import { Db } from '../database/transaction';

/** Counts one under $1 in the current window of $2 minutes; the new count and the window's seconds left. */
const COUNT = `INSERT INTO rate_limit (key, window_start, count)
   VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / ($2 * 60)) * ($2 * 60)), 1)
   ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit.count + 1
   RETURNING count, extract(epoch FROM window_start + make_interval(mins => $2) - now()) AS seconds_left`;

type CountRow = { count: number; seconds_left: string };
const counted = (row: CountRow | undefined) =>
  row && { count: row.count, secondsLeft: Number(row.seconds_left) };

/**
 * The `rate_limit` table: fixed-window counters shared by every API instance. Written on the
 * pool, outside the request's transaction on purpose: a refused login rolls its request back, and
 * the attempt must still count.
 */
@Injectable()
export class RateLimitRepository {
  constructor(
    private readonly pool: PoolDb,
    private readonly db: Db,
  ) {}

  /** Counts one under `key` in the current window of `minutes`; the new count and the window's seconds left. */
  async count(key: string, minutes: number): Promise<{ count: number; secondsLeft: number } | undefined> {
    return counted((await this.pool.query<CountRow>(COUNT, [key, minutes]))[0]);
  }

  /**
   * count() on the request's transaction: for a count that holds only if the request is stored
   * (a trial's runs per hour), and for a request that already holds locks. Such a request must
   * never wait for a second pooled connection: the requests waiting on its locks hold the pool,
   * and none would get one (16 runners of one trial account stalled every upload so).
   */
  async countInRequest(
    key: string,
    minutes: number,
  ): Promise<{ count: number; secondsLeft: number } | undefined> {
    return counted((await this.db.query<CountRow>(COUNT, [key, minutes]))[0]);
  }

  /** Drops the windows older than a day. */
  async purge(): Promise<void> {
    await this.pool.query(`DELETE FROM rate_limit WHERE window_start < now() - interval '1 day'`);
  }
}
