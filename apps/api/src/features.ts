import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';

/** Every feature module of the API, one per folder. */
export const FEATURE_MODULES = [HealthModule, MailModule, RateLimitModule];
