import { Injectable } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';

/**
 * Connections of their own, outside the pool, to the pool's database: a LISTEN holds one for as
 * long as the API runs (stations/station-listener.ts), which would take a pooled one from the
 * requests for good.
 */
@Injectable()
export class DedicatedClients {
  constructor(private readonly dataSource: DataSource) {}

  /** A new client, not yet connected, named `applicationName` in pg_stat_activity. */
  create(applicationName: string): Client {
    const { url } = this.dataSource.options as PostgresDataSourceOptions;
    return new Client({ connectionString: url, application_name: applicationName });
  }
}
