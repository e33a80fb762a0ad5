import { Injectable } from '@nestjs/common';
import { Db } from '../database/transaction';

/** A trial account's storage after a charge, and the instant its trial ends. */
export interface TrialUsage {
  bytes: number;
  trialEnd: Date;
}

/**
 * The `trial_storage` table, its only writer. Written on the request's transaction on purpose: a
 * refused upload (over the quota, or for any other reason) rolls its charge back with it.
 */
@Injectable()
export class TrialQuotaRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds `bytes` to the account's storage if the account is in its free trial (registered less
   * than `trialDays` ago); undefined otherwise, and nothing is written. The row stays locked to the
   * end of the request, so two uploads of one account cannot both pass the quota. Every upload
   * asks it, so it is a prepared statement: parsed and planned each time, it cost PostgreSQL ten
   * times its execution (docs/performance.md, "Reports and ingest").
   */
  async charge(accountId: number, bytes: number, trialDays: number): Promise<TrialUsage | undefined> {
    const [row] = await this.db.prepared<{ bytes: string; trial_end: Date }>(
      'trial-quota-charge',
      `WITH trial AS (
         SELECT id, created_at + make_interval(days => $3) AS trial_end FROM account
          WHERE id = $1 AND created_at + make_interval(days => $3) > now())
       INSERT INTO trial_storage AS s (account_id, bytes)
       SELECT id, $2 FROM trial
       ON CONFLICT (account_id) DO UPDATE SET bytes = s.bytes + EXCLUDED.bytes
       RETURNING bytes, (SELECT trial_end FROM trial)`,
      [accountId, bytes, trialDays],
    );
    return row && { bytes: Number(row.bytes), trialEnd: new Date(row.trial_end) };
  }
}
