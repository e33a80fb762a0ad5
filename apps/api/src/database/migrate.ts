import { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations';

/**
 * An arbitrary, fixed key: every Sweepline instance that starts against one database takes this
 * PostgreSQL advisory lock before migrating, so instances started together migrate once and the
 * others wait, then find nothing left to do (docs/requirements/scaling.md).
 */
const MIGRATION_LOCK_KEY = 7_215_461_001;

/**
 * Tables a migration rewrote whole: VACUUM cannot run in the migrations' transaction, so it runs
 * right after. Until then the rewritten rows are not marked all-visible and the reports'
 * index-only scans read the heap for every row (issue 27: three times slower after converting run
 * to partitions, docs/performance.md).
 */
const VACUUM_AFTER: Record<string, string[]> = {
  RunsByMonthAndAccountKeys1763857000000: ['run', 'run_trace'],
  RunClientIds1763857100000: ['run_client_id'],
  UploadStateAndReportRollups1763857300000: [
    'run_unit_test',
    'run_test_day',
    'run_test_slot',
    'run_product_slot',
  ],
  RunStepValues1763857400000: ['run_step_value'],
  StepValuesCovered1763857700000: ['run_step_value'],
  RunFailures1763857500000: ['run_failure'],
  RunOriginByInstrument1763858900000: ['run', 'run_instrument', 'run_calibration'],
  StepSlotStatistics1763860100000: ['run_step_slot'],
  FailureSlots1763860110000: ['run_failure_slot'],
  StepSlotBins1763860400000: ['run_step_slot_bin'],
  FailureAndVersionDays1763860410000: ['run_failure_day', 'run_version_day'],
  StepDays1763860500000: ['run_step_day'],
  RunOriginSets1763860300000: ['run', 'run_origin_set'],
};

export async function migrateUnderLock(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = (await dataSource.runMigrations({ transaction: 'all' })).map((m) => m.name);
    const named = [...new Set(applied.flatMap((name) => VACUUM_AFTER[name] ?? []))];
    // a table a later migration of the same batch dropped (run_instrument, 1763860300000) is not there
    const rewritten: { t: string }[] =
      named.length > 0
        ? await runner.query('SELECT t FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NOT NULL', [
            named,
          ])
        : [];
    if (rewritten.length > 0) await runner.query(`VACUUM (ANALYZE) ${rewritten.map((r) => r.t).join(', ')}`);
    return applied;
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * Runs the given migrations (all of them, or those named: a backup's schema) on the database at
 * `url`, on two connections of their own (one holds the migration lock while the other migrates):
 * for the restore, which has no DataSource of its own.
 */
export async function migrateDatabaseAt(url: string, names?: readonly string[]): Promise<void> {
  const migrations = MIGRATIONS.filter((m) => !names || names.includes(m.name));
  const dataSource = new DataSource({ type: 'postgres', url, migrations, extra: { max: 2 } });
  await dataSource.initialize();
  try {
    await migrateUnderLock(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
