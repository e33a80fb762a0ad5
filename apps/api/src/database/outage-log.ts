import { Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { isDatabaseUnreachable, reasonOf } from './unreachable';

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
    if (this.since !== undefined) return;
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

/** A new connection made is the end of an outage (pg's pool connects again on demand). */
export function watchReconnects(dataSource: DataSource): void {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  pool.on('connect', () => databaseOutage.reachable());
}
