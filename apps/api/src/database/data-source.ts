import { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations';

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
    extra: { max: poolSize },
  });
}
