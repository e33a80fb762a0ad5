/**
 * A Sweepline backup (docs/operations.md, "Backups"): a gzipped tar of
 * - manifest.json: the migrations the schema had, the tables in an order that loads (parents
 *   before children), the columns of each that hold data, and the sequences' positions;
 * - tables/<table>/<part>.json: the rows, a JSON array per part (row_to_json: bytea as \x hex,
 *   times with their offset, floats exact), read from one snapshot;
 * - end.json, last: the number of rows of each table, so a cut archive is never half restored.
 * Plain SQL on both sides, so the embedded PostgreSQL 18 (which ships no pg_dump) and a server of
 * another major version read each other's backups.
 */
export const BACKUP_FORMAT = 'sweepline-backup';
export const BACKUP_VERSION = 1;

export interface TableOfBackup {
  name: string;
  /** The columns that hold data: generated columns are left to the database. */
  columns: string[];
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  postgres: string;
  migrations: string[];
  tables: TableOfBackup[];
  sequences: { name: string; lastValue: string | null }[];
}

export interface BackupEnd {
  rows: Record<string, number>;
}

/** TypeORM's own table: migrations are run, not copied. */
export const MIGRATIONS_TABLE = 'migrations';

/**
 * Tables whose rows a migration makes (the closures' one row each, migrations 1763861500000 and
 * 1763861600000): a database just migrated holds them, so they do not make it "not empty", and a
 * restore replaces them with the backup's.
 */
export const MIGRATION_MADE_ROWS: ReadonlySet<string> = new Set([
  'run_step_day_closure',
  'run_step_slot_closure',
]);

export const partPath = (table: string, part: number) =>
  `tables/${table}/${String(part).padStart(5, '0')}.json`;

/** A quoted identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class BackupError extends Error {}
