import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { FOLD_BATCH, StepValueFoldRepository } from './step-value-fold.repository';

/** The pause between two background folds when the last one found the queue drained. */
export const FOLD_EVERY_MS = 200;

/**
 * Folds the uploads' queued step values shortly after they commit, on every instance: each fold
 * takes the queued runs no other instance holds (SKIP LOCKED), so several instances share the
 * queue and nothing is folded twice. A full batch is followed at once by the next; an error is
 * logged and the next pass tries again (the queued runs stay queued).
 */
@Injectable()
export class StepValueFolder implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('StepValueFolder');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly fold: StepValueFoldRepository) {}

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

  /** One fold; whether it took a full batch (more are likely queued). */
  private async pass(): Promise<boolean> {
    try {
      return (await this.fold.foldBatch()) === FOLD_BATCH;
    } catch (error) {
      this.log.warn(
        `Folding queued step values failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  }
}
