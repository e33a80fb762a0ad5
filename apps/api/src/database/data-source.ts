import { DataSource } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { onPoolError } from './outage-log';

/**
 * How long a request waits for a connection (a new one, or a busy pool's next free one) before it
 * is answered 503: a server that does not answer at all must not hold requests for minutes.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** The one DataSource of a process. Schema changes only through migrations, never synchronize. */
export function createDataSource(url: string, poolSize = 10): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    poolErrorHandler: onPoolError,
    extra: { max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true },
  });
}
