import { Injectable } from '@nestjs/common';
import { Db } from '../database/transaction';

/** The most queued runs one background fold takes: one statement's values, a few thousand rows. */
export const FOLD_BATCH = 500;

/**
 * Folds the queued runs' step values into run_step_value and its roll-ups (migration
 * 1763861400000, run_step_values_fold; docs/architecture.md, "Step values folded after the
 * upload"): a read of the analytics folds its account's queue first, the background folder folds
 * batches of any account's, and closes the quarter hours and the days that are over.
 */
@Injectable()
export class StepValueFoldRepository {
  constructor(private readonly db: Db) {}

  /**
   * Every queued run of the account, in the caller's transaction, waiting for another fold of some
   * of them to commit: what is read next includes every run uploaded before this call, on the
   * primary when it folded any (Db.noteWrite), else wherever ReadDb reads.
   */
  async foldAccount(accountId: number): Promise<void> {
    const [folded] = await this.db.prepared<{ n: number }>(
      'step-values-fold-account',
      'SELECT run_step_values_fold($1, NULL, NULL) AS n',
      [accountId],
    );
    // the folded values are the transaction's until it commits: a standby cannot read them yet
    if (folded!.n > 0) this.db.noteWrite();
  }

  /**
   * Up to FOLD_BATCH queued runs of any account that started over `settleSeconds` ago, oldest
   * first, skipping those a read's fold holds; none while another instance folds. How many it took.
   */
  async foldBatch(settleSeconds: number): Promise<number> {
    const [row] = await this.db.prepared<{ n: number }>(
      'step-values-fold-batch',
      'SELECT run_step_values_fold(NULL, $1, now() - make_interval(secs => $2)) AS n',
      [FOLD_BATCH, settleSeconds],
    );
    return row!.n;
  }

  /**
   * Closes the quarter hours that ended over `settleSeconds` ago and hold no queued run
   * (run_step_slots_close, migration 1763861600000), all in one go: their slots and bins made from
   * their values. Nothing when none is due or another instance is closing.
   */
  async closeQuarterHours(settleSeconds: number): Promise<void> {
    await this.db.prepared(
      'step-slots-close',
      'SELECT run_step_slots_close(now() - make_interval(secs => $1))',
      [settleSeconds],
    );
  }

  /**
   * Closes the oldest day not closed yet (run_step_days_close, migration 1763861500000) once it
   * ended over `settleSeconds` ago and no queued run started in it: its step days are made from its
   * slots. The day closed ('YYYY-MM-DD'), or null: none due, or another instance is closing one.
   */
  async closeDay(settleSeconds: number): Promise<string | null> {
    const [row] = await this.db.prepared<{ day: string | null }>(
      'step-days-close',
      'SELECT run_step_days_close(now() - make_interval(secs => $1))::text AS day',
      [settleSeconds],
    );
    return row!.day;
  }
}
