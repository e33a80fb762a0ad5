import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FOLD_BATCH, StepValueFoldRepository } from './step-value-fold.repository';

/**
 * The pause between two background folds when the last one did not fill a batch. The roll-ups'
 * statements cost per call as well as per value, so fewer, larger folds cost less: at 1,000,000
 * runs and 200-270 uploads a second, folds every 200 ms cost PostgreSQL 1.8 ms a run, every second
 * 1.3 ms (docs/performance.md). Reads fold what is left.
 */
export const FOLD_EVERY_MS = 1000;

/**
 * Folds the uploads' queued step values once they have settled (AppConfig.foldSettleSeconds after
 * their start), on every instance: one instance folds at a time, so several share the queue,
 * nothing is folded twice and the runs go in start-time order. A full batch is followed at once
 * by the next. Then closes the quarter hours and the UTC days that are over (their slots and step
 * days made once). An error is logged and the next pass tries again (the queued runs stay queued).
 */
@Injectable()
export class StepValueFolder implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('StepValueFolder');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly fold: StepValueFoldRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  /** Stops the passes and waits for one in progress, before the database's pool is closed. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(afterMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass().then((full) => this.schedule(full ? 0 : FOLD_EVERY_MS));
    }, afterMs).unref();
  }

  /**
   * One fold, then, when it left nothing settled behind, the closing of the quarter hours that are
   * over and of a day that is over (a day closes once its quarter hours are); whether more is
   * likely due (a full batch, or a day closed: the next may be over too).
   */
  private async pass(): Promise<boolean> {
    try {
      const settle = this.config.foldSettleSeconds;
      if ((await this.fold.foldBatch(settle)) === FOLD_BATCH) return true;
      await this.fold.closeQuarterHours(settle);
      return (await this.fold.closeDay(settle)) !== null;
    } catch (error) {
      this.log.warn(
        `Folding queued step values or closing a quarter hour or a day failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  }
}
