import { Inject, Injectable } from '@nestjs/common';
import { FREE_TRIAL_DAYS } from '../back-office/back-office-rules';
import { tooMany } from '../common/api-error';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { RateLimitRepository } from './rate-limit.repository';
import { TrialQuotaRepository } from './trial-quota.repository';

const MB = 1024 * 1024;
const HOUR_MINUTES = 60;

export const TRIAL_MSG = {
  storage: (mb: number, trialEnd: Date) =>
    `This free-trial account has used its ${mb} MB of storage for traces and files. ` +
    `Nothing more can be stored until the trial ends on ${trialEnd.toISOString().slice(0, 10)}`,
  rate: (runs: number, minutes: number) =>
    `This free-trial account may upload ${runs} runs an hour. ` +
    `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
} as const;

/**
 * Quotas of an account in its free trial (issue 42; docs/operations.md, "Free-trial quotas"):
 * storage of traces and files, and runs uploaded per hour, both configurable. After the trial
 * the account's runs are billed (docs/requirements/back-office-and-billing.md#bill) and nothing is
 * limited. Both answer 429, so the runner keeps the run in its queue and uploads it later: a
 * quota never loses a measurement.
 */
@Injectable()
export class TrialQuotaService {
  constructor(
    private readonly storage: TrialQuotaRepository,
    private readonly counters: RateLimitRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A run about to be stored with `bytes` of traces: counted against both quotas. */
  async chargeRun(accountId: number, bytes: number): Promise<void> {
    if (!(await this.chargeStorage(accountId, bytes))) return;
    const runs = this.config.perAccount.trialRunsPerHour;
    const row = await this.counters.countInRequest(`trial:runs:account:${accountId}`, HOUR_MINUTES);
    if (row && row.count > runs)
      throw tooMany(TRIAL_MSG.rate(runs, Math.max(1, Math.ceil(row.secondsLeft / 60))));
  }

  /** A run's file (a screenshot, an SnP file) about to be stored: counted against the storage. */
  async chargeFile(accountId: number, bytes: number): Promise<void> {
    await this.chargeStorage(accountId, bytes);
  }

  /** True when the account is in its trial (and the bytes were counted). */
  private async chargeStorage(accountId: number, bytes: number): Promise<boolean> {
    const usage = await this.storage.charge(accountId, bytes, FREE_TRIAL_DAYS);
    if (!usage) return false;
    const mb = this.config.perAccount.trialStorageMb;
    if (usage.bytes > mb * MB) throw tooMany(TRIAL_MSG.storage(mb, usage.trialEnd));
    return true;
  }
}
