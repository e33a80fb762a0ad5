import type { DataSource, MigrationInterface } from 'typeorm';

/** Undoes and redoes one migration on a migrated database: a roll-up's backfill, run on the rows the trigger wrote. */
export async function redoMigration(dataSource: DataSource, migration: MigrationInterface): Promise<void> {
  const runner = dataSource.createQueryRunner();
  try {
    await migration.down(runner);
    await migration.up(runner);
  } finally {
    await runner.release();
  }
}
