import { Inject, Injectable } from '@nestjs/common';
import { tooMany } from '../common/api-error';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { RateLimitRepository } from './rate-limit.repository';

/** Fixed-window counters in PostgreSQL, shared by every API instance (docs/requirements/identity.md#human-verification). */
@Injectable()
export class RateLimitService {
  constructor(
    private readonly counters: RateLimitRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts one attempt under `key`; throws 429 with a clear message once `limit` is passed. */
  async hit(key: string, limit: number): Promise<void> {
    const row = await this.counters.count(key, this.config.rateLimit.windowMinutes);
    if (row && row.count > limit) {
      const wait = Math.max(1, Math.ceil(row.secondsLeft / 60));
      throw tooMany(`Too many attempts. Try again in ${wait} minute${wait === 1 ? '' : 's'}`);
    }
  }

  /** Old windows are of no use; dropped now and then. */
  purge(): Promise<void> {
    return this.counters.purge();
  }
}
