import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Client } from 'pg';
import { StationChannelRepository } from './station-channel.repository';
import { StationStreams } from './station-streams';
import { StationsService } from './stations.service';

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 10_000;

/**
 * The one listening connection of this API instance (docs/api/stations.md): every instance LISTENs
 * on the stations' channel, so a report received by any of them reaches the boards connected to
 * all of them. A connection lost is made again (waiting longer each time, up to 10 s), and the
 * boards here get their board read afresh, since changes made meanwhile were not heard.
 */
@Injectable()
export class StationListener implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('StationListener');
  private client: Client | undefined;
  /** The connection made last: events of those before it are stale. */
  private latest: Client | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly channel: StationChannelRepository,
    private readonly streams: StationStreams,
    private readonly stations: StationsService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Whether the listening connection is up (the health of the live floor). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  private async connect(): Promise<void> {
    const client = this.channel.connection((notice) => this.streams.deliver(notice));
    this.latest = client;
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await this.channel.listen(client);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.stopped) {
      await client.end();
      return;
    }
    const reconnected = this.retryMs !== FIRST_RETRY_MS;
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    if (reconnected) {
      this.log.log('Listening for station changes again');
      await this.resendBoards();
    }
  }

  private lost(client: Client, error?: Error): void {
    if (this.stopped || this.retry || client !== this.latest) return;
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    // once per loss, like the outage log of the database (docs/operations.md); the tries after it
    // are at debug level, so an outage of minutes is not a warning every 10 s
    const line = `Station changes not heard (${error?.message ?? 'connection ended'}): retrying in ${this.retryMs} ms`;
    if (this.retryMs === FIRST_RETRY_MS) this.log.warn(line);
    else this.log.debug(line);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }

  private async resendBoards(): Promise<void> {
    for (const accountId of this.streams.accounts()) {
      try {
        this.streams.sendBoard(accountId, await this.stations.board(accountId));
      } catch (error) {
        this.log.warn(`Could not read the board again: ${(error as Error).message}`);
      }
    }
  }
}
