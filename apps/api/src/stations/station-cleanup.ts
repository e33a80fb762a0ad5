import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { STATION_DROP_DAYS } from '@sweepline/domain';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { StationsRepository } from './stations.repository';

const EVERY_MS = 60 * 60_000;

/**
 * Drops stations offline for 30 days, at start and every hour. Every instance runs it; a row is
 * deleted (and its removal announced) by whichever gets there first, so several are safe.
 */
@Injectable()
export class StationCleanup implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('StationCleanup');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly stations: StationsRepository,
    private readonly codes: VerificationCodesService,
  ) {}

  onApplicationBootstrap(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async run(): Promise<number> {
    try {
      const dropped = await this.stations.dropSilent(STATION_DROP_DAYS);
      await this.codes.dropExpiredTickets();
      if (dropped > 0) this.log.log(`Dropped ${dropped} station(s) silent for ${STATION_DROP_DAYS} days`);
      return dropped;
    } catch (error) {
      this.log.warn(`Could not drop silent stations: ${(error as Error).message}`);
      return 0;
    }
  }
}
