import { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { onPoolError } from './outage-log';

/**
 * How long a request waits for a connection (a new one, or a busy pool's next free one) before it
 * is answered 503: a server that does not answer at all must not hold requests for minutes.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long a pooled connection may sit idle before it is closed. pg's default (10 s) closed and
 * reopened connections all day under light, uneven traffic, and the call that got the new
 * connection paid for it: a new backend, its catalogue caches filled anew (run has a partition a
 * month) and every prepared statement planned again, 10-25 ms that showed as the soak's and the
 * station board's slowest calls (docs/performance.md, "Soak"). Ten idle connections an instance
 * are cheap for PostgreSQL; a database restart still drops them (the pool discards a broken one).
 */
const IDLE_TIMEOUT_MS = 10 * 60_000;

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
    extra: {
      max: poolSize,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: IDLE_TIMEOUT_MS,
      keepAlive: true,
    },
  });
}
