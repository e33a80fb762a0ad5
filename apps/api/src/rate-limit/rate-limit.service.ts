import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { tooMany } from '../common/api-error';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';

/**
 * Fixed-window counters in PostgreSQL, shared by every API instance (DESIGN.md). They are counted
 * outside the request's transaction on purpose: a refused login rolls its request back, and the
 * attempt must still count.
 */
@Injectable()
export class RateLimitService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one attempt under `key`; throws 429 with a clear message once `limit` is passed. */
  async hit(key: string, limit: number): Promise<void> {
    const minutes = this.config.rateLimit.windowMinutes;
    const [row] = (await this.dataSource.query(
      `INSERT INTO rate_limit (key, window_start, count)
       VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / ($2 * 60)) * ($2 * 60)), 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit.count + 1
       RETURNING count, extract(epoch FROM window_start + make_interval(mins => $2) - now()) AS seconds_left`,
      [key, minutes],
    )) as { count: number; seconds_left: string }[];
    if (row && row.count > limit) {
      const wait = Math.max(1, Math.ceil(Number(row.seconds_left) / 60));
      throw tooMany(`Too many attempts. Try again in ${wait} minute${wait === 1 ? '' : 's'}`);
    }
  }

  /** Old windows are of no use; dropped now and then. */
  async purge(): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limit WHERE window_start < now() - interval '1 day'`);
  }
}
