import { Client } from 'pg';
import type { TarFile } from '../archive/tar';
import { readTar } from '../archive/tar';
import { MIGRATIONS } from '../database/migrations';
import { migrateDatabaseAt } from '../database/migrate';
import type { BackupEnd, Manifest } from './backup-format';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, ident, MIGRATION_MADE_ROWS } from './backup-format';

/** A backup loads only into a database without data: a restore never merges. */
async function assertEmpty(db: Client, manifest: Manifest): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  const existing = new Set(rows.map((r) => r.name));
  for (const table of manifest.tables) {
    if (!existing.has(table.name) || MIGRATION_MADE_ROWS.has(table.name)) continue;
    const { rows: any } = await db.query(`SELECT 1 FROM ${ident(table.name)} LIMIT 1`);
    if (any.length > 0) {
      throw new BackupError(
        `The database already holds data (table ${table.name} has rows): restore into a new, empty database`,
      );
    }
  }
}

function readManifest(file: TarFile | undefined): Manifest {
  let manifest: Partial<Manifest> | undefined;
  try {
    manifest =
      file?.name === 'manifest.json' ? (JSON.parse(file.data.toString('utf8')) as Manifest) : undefined;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupError('This file is not a Sweepline backup');
  if (manifest.version !== BACKUP_VERSION) {
    throw new BackupError(
      `This backup is of format version ${manifest.version}; this Sweepline reads ${BACKUP_VERSION}`,
    );
  }
  const known = new Set(MIGRATIONS.map((m) => m.name));
  const unknown = manifest.migrations?.find((name) => !known.has(name));
  if (unknown) {
    throw new BackupError(
      `This backup was made by a newer Sweepline (migration ${unknown}): restore it with that version or later`,
    );
  }
  return manifest as Manifest;
}

export interface RestoreSummary {
  rows: Record<string, number>;
}

/**
 * Loads a backup (the tar stream, already gunzipped) into the empty database at `url`: migrates
 * it to the backup's schema, loads every table in one transaction with the tables' own triggers
 * off (the roll-ups come from the backup, not recomputed), puts the sequences where they were,
 * checks the row counts against end.json, then runs any newer migrations. Anything wrong rolls
 * the load back.
 */
export async function restoreDatabase(url: string, source: AsyncIterable<Buffer>): Promise<RestoreSummary> {
  const files = readTar(source);
  const first = await files.next().catch(() => undefined);
  const manifest = readManifest(first?.value as TarFile | undefined);
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await assertEmpty(db, manifest);
    await migrateDatabaseAt(url, manifest.migrations);
    await db.query('BEGIN');
    try {
      for (const table of manifest.tables) {
        await db.query(`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER`);
        if (MIGRATION_MADE_ROWS.has(table.name)) await db.query(`DELETE FROM ${ident(table.name)}`);
      }
      const rows: Record<string, number> = Object.fromEntries(manifest.tables.map((t) => [t.name, 0]));
      const tables = new Map(manifest.tables.map((t) => [t.name, t]));
      let end: BackupEnd | undefined;
      for await (const file of files) {
        if (file.name === 'end.json') {
          end = JSON.parse(file.data.toString('utf8')) as BackupEnd;
          continue;
        }
        const table = tables.get(file.name.split('/')[1] ?? '');
        if (!table || !file.name.startsWith('tables/'))
          throw new BackupError(`Unexpected file ${file.name} in the backup`);
        const columns = table.columns.map(ident).join(', ');
        const result = await db.query(
          `INSERT INTO ${ident(table.name)} (${columns})
           SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table.name)}, $1::json)`,
          [file.data.toString('utf8')],
        );
        rows[table.name]! += result.rowCount ?? 0;
      }
      if (!end) throw new BackupError('The backup is incomplete: it ends before end.json');
      for (const [name, count] of Object.entries(end.rows)) {
        if (rows[name] !== count)
          throw new BackupError(`The backup is incomplete: table ${name} has ${rows[name]} of ${count} rows`);
      }
      for (const { name, lastValue } of manifest.sequences) {
        if (lastValue !== null)
          await db.query('SELECT setval($1::regclass, $2::bigint)', [ident(name), lastValue]);
      }
      // the deferred foreign keys are checked now: ALTER TABLE refuses tables with checks pending
      await db.query('SET CONSTRAINTS ALL IMMEDIATE');
      for (const table of manifest.tables)
        await db.query(`ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER`);
      await db.query('COMMIT');
      await migrateDatabaseAt(url);
      return { rows };
    } catch (error) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await db.end();
  }
}
