import { Global, Module } from '@nestjs/common';
import { RateLimitRepository } from './rate-limit.repository';
import { RateLimitService } from './rate-limit.service';
import { TrialQuotaRepository } from './trial-quota.repository';
import { TrialQuotaService } from './trial-quota.service';

/** Rate limits and the free trial's quotas: counters in PostgreSQL, shared by every instance. */
@Global()
@Module({
  providers: [RateLimitRepository, RateLimitService, TrialQuotaRepository, TrialQuotaService],
  exports: [RateLimitService, TrialQuotaService],
})
export class RateLimitModule {}
