import { Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { isDatabaseUnreachable, isEarlierDropToldAgain, reasonOf } from './unreachable';

interface Log {
  warn(message: string): void;
  log(message: string): void;
}

/**
 * An outage of the database is logged once, when it starts, and once more when it ends: every
 * request meanwhile is answered 503 and only its access-log line is written (no stack). Which
 * requests failed is no state another instance needs: each logs its own view.
 */
export class OutageLog {
  private since: number | undefined;

  constructor(
    private readonly log: Log = new Logger('Database'),
    private readonly now: () => number = Date.now,
  ) {}

  get inOutage(): boolean {
    return this.since !== undefined;
  }

  unreachable(error: unknown): void {
    // a broken connection used again tells of the outage it broke in, which was logged then
    if (this.since !== undefined || isEarlierDropToldAgain(error)) return;
    this.since = this.now();
    this.log.warn(`The database is not reachable (${reasonOf(error)}): answering 503 until it is back`);
  }

  reachable(): void {
    if (this.since === undefined) return;
    const seconds = ((this.now() - this.since) / 1000).toFixed(1);
    this.since = undefined;
    this.log.log(`The database is reachable again, after ${seconds} s`);
  }
}

/** The process's one log of outages (the envelope's, the pool's and the readiness check's). */
export const databaseOutage = new OutageLog();

/**
 * For the pool's own errors (an idle connection the server closed): the start of an outage, or,
 * for anything else, a warning. Without a handler such an error would end the process.
 */
export function onPoolError(error: unknown): void {
  if (isDatabaseUnreachable(error)) databaseOutage.unreachable(error);
  else new Logger('Database').warn(`The connection pool reported: ${reasonOf(error)}`);
}

/**
 * The pool's part in the outage log: a new connection made is the end of an outage (pg's pool
 * connects again on demand), and a connection's own error is the start of one. pg's pool listens
 * to a connection's errors only while it is idle and TypeORM's query runner only while it holds
 * it, and lets go of it at the first; an error event with no listener ends the process (seen in
 * the outage test: a server's "terminating connection" reaching a connection with neither). So
 * every connection gets a listener of its own the first time it is handed out, for its life.
 */
export function watchPool(dataSource: DataSource): void {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  const watched = new WeakSet<PoolClient>();
  pool.on('connect', () => databaseOutage.reachable());
  pool.on('acquire', (client) => {
    if (watched.has(client)) return;
    watched.add(client);
    client.on('error', onPoolError);
  });
}
