import { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { onPoolError } from './outage-log';

/**
 * How long a request waits for a connection (a new one, or a busy pool's next free one) before it
 * is answered 503: a server that does not answer at all must not hold requests for minutes.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The one DataSource of a process: the connection pool and the migrations. No entities: the SQL
 * lives in the repositories (docs/architecture.md, data layer), so no mapping can drift from its
 * table. Schema changes only through migrations, never synchronize.
 */
export function createDataSource(url: string, poolSize = 10): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    poolErrorHandler: onPoolError,
    extra: { max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true },
  });
}
