import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { CopyOut, type CopyParam, type CopyRow } from './copy-out';
import { Db } from './transaction';
import { isDatabaseUnreachable } from './unreachable';

/** The hot standby's pool (DATABASE_READ_URL), or null when reads stay on the primary. */
export const READ_POOL = Symbol('READ_POOL');

/** After the standby failed, reads go straight to the primary for this long before it is tried again. */
const RETRY_AFTER_MS = 10_000;
/** How long a read that must be current waits for the standby to replay the primary's WAL. */
const FRESH_WAIT_MS = 200;
const FRESH_POLL_MS = 5;

/** A connection for a long read, and how to give it back. */
export interface ReadClient {
  client: PoolClient;
  release: () => void;
}

/**
 * Reads that may be served by a streaming hot standby (issue 27, docs/architecture.md "Reads on
 * a standby"): the results, run detail and traces, the PDF, the daily reports, the back office and
 * the account export. Without DATABASE_READ_URL, or while the standby is unreachable, they run on
 * the primary through Db (and a warning is logged once per outage): nobody sees an error.
 *
 * `query` may lag the primary by the standby's replay delay (reports, back office, export).
 * `fresh` sees every write committed before it began (read-your-writes: a run just uploaded shows
 * on the results at once): it reads the primary's WAL position, then uses the standby once its
 * replay has reached it, waiting up to FRESH_WAIT_MS, else the primary.
 */
@Injectable()
export class ReadDb implements OnApplicationShutdown {
  private readonly log = new Logger('ReadDb');
  private downUntil = 0;

  constructor(
    private readonly primary: Db,
    @Inject(READ_POOL) private readonly standby: Pool | null,
  ) {
    // an idle connection's error (the standby restarting) must not end the process
    standby?.on('error', (error) => this.unreachable(error));
  }

  query<T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.onStandby(
      async (client) => (await client.query<T & QueryResultRow>(sql, params)).rows,
      () => this.primary.query<T>(sql, params),
    );
  }

  async fresh<T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (!this.standbyUsable() || this.primary.requestWrote) return this.primary.query<T>(sql, params);
    const [{ lsn }] = (await this.primary.query<{ lsn: string }>(
      'SELECT pg_current_wal_lsn()::text AS lsn',
    )) as [{ lsn: string }];
    return this.onStandby(
      async (client) => {
        if (!(await caughtUp(client, lsn))) return this.primary.query<T>(sql, params);
        return (await client.query<T & QueryResultRow>(sql, params)).rows;
      },
      () => this.primary.query<T>(sql, params),
    );
  }

  /** A connection of the standby (else of the primary) for a long read such as the export's COPY. */
  async client(): Promise<ReadClient> {
    if (this.standbyUsable()) {
      try {
        const client = await this.standby!.connect();
        this.reachable();
        return { client, release: () => client.release() };
      } catch (error) {
        if (!isDatabaseUnreachable(error)) throw error;
        this.unreachable(error);
      }
    }
    const runner = this.primary.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    return { client, release: () => void runner.release() };
  }

  /**
   * The rows of `COPY (select) TO STDOUT (FORMAT binary)` (database/copy-out.ts), each field the
   * bytes of its type's binary form: a bytea as its bytes, where a query's reply would spell it in
   * hex text for Node to turn back (the control chart's 1.4 MB of numbers: about 15 ms of 48).
   */
  copyRows(select: string, params: readonly CopyParam[]): Promise<CopyRow[]> {
    return this.onStandby(
      (client) => CopyOut.rows(client, select, params),
      () => this.primary.copyRows(select, params),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.standby?.end();
  }

  private standbyUsable(): boolean {
    return this.standby !== null && Date.now() >= this.downUntil;
  }

  private async onStandby<T>(
    work: (client: PoolClient) => Promise<T>,
    onPrimary: () => Promise<T>,
  ): Promise<T> {
    // a request that wrote reads its own transaction, which no standby can see yet
    if (!this.standbyUsable() || this.primary.requestWrote) return onPrimary();
    let client: PoolClient | undefined;
    try {
      client = await this.standby!.connect();
      const result = await work(client);
      this.reachable();
      return result;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      this.unreachable(error);
      return onPrimary();
    } finally {
      client?.release();
    }
  }

  private unreachable(error: Error | unknown): void {
    const wasUp = this.downUntil === 0;
    this.downUntil = Date.now() + RETRY_AFTER_MS;
    if (wasUp) {
      this.log.warn(
        `The standby (DATABASE_READ_URL) is unreachable, reads go to the primary: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private reachable(): void {
    if (this.downUntil === 0) return;
    this.downUntil = 0;
    this.log.log('The standby (DATABASE_READ_URL) answers again: reads go to it');
  }
}

/** Whether the standby has replayed the WAL up to `lsn`, waiting a little for it. */
async function caughtUp(client: PoolClient, lsn: string): Promise<boolean> {
  const deadline = Date.now() + FRESH_WAIT_MS;
  for (;;) {
    const { rows } = await client.query<{ ok: boolean }>(
      'SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS ok',
      [lsn],
    );
    if (rows[0]!.ok) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, FRESH_POLL_MS));
  }
}
