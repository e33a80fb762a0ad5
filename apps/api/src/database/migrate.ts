import { DataSource } from 'typeorm';

/**
 * An arbitrary, fixed key: every Sweepline instance that starts against one database takes this
 * PostgreSQL advisory lock before migrating, so instances started together migrate once and the
 * others wait, then find nothing left to do (DESIGN.md, "Growing past one machine").
 */
const MIGRATION_LOCK_KEY = 7_215_461_001;

export async function migrateUnderLock(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}
