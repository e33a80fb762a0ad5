import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { RunPartitionsRepository } from './run-partitions.repository';

/** Issue 27: partitions exist for the current month and the next three, made ahead of need. */
export const MONTHS_AHEAD = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps run's monthly partitions made ahead, at start and then daily, on every instance: the
 * database function takes an advisory lock, so instances doing it at once make each partition
 * once. A run outside every partition is stored in run_default all the same (and logged by the
 * upload); each pass logs what run_default holds and makes those runs' months' partitions, which
 * moves them in (a run in run_default is read by every query, pruned or not).
 */
@Injectable()
export class RunPartitionUpkeep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('RunPartitions');
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly partitions: RunPartitionsRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.pass();
    this.timer = setInterval(() => void this.pass().catch((error: unknown) => this.failed(error)), DAY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async pass(): Promise<void> {
    const outside = await this.partitions.outside();
    if (outside.count > 0) {
      this.log.warn(
        `${outside.count} run(s) in run_default start outside every monthly partition ` +
          `(${outside.earliest} to ${outside.latest}): making their months' partitions`,
      );
    }
    const made = await this.partitions.ensure(MONTHS_AHEAD);
    if (made > 0) this.log.log(`Made ${made} monthly partition(s) of run`);
  }

  private failed(error: unknown): void {
    this.log.error(
      `Making run's monthly partitions failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
