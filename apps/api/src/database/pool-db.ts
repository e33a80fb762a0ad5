import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Plain SQL on a pooled connection of its own, never the request's transaction: for writes that
 * must stand whatever the request does (a refused login still counts against the rate limit) and
 * for the start-up's work before any request (the configured administrator). Like Db, only
 * repositories hold it (lint), so the DataSource itself stays with the connection's set-up.
 */
@Injectable()
export class PoolDb {
  constructor(private readonly dataSource: DataSource) {}

  /** The rows of `sql` (SELECT, or a write with RETURNING). */
  async query<T = unknown>(sql: string, params: unknown[] = []): Promise<T[]> {
    const runner = this.dataSource.createQueryRunner();
    try {
      return (await runner.query(sql, params, true)).records as T[];
    } finally {
      await runner.release();
    }
  }
}
