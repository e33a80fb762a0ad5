import type { Writable } from 'node:stream';
import type { Client, PoolClient } from 'pg';
import { TarWriter } from '../archive/tar';
import type { BackupEnd, Manifest, TableOfBackup } from './backup-format';
import { BACKUP_FORMAT, BACKUP_VERSION, ident, MIGRATIONS_TABLE, partPath } from './backup-format';

const FETCH_ROWS = 2000;
const PART_ROWS = 10_000;
const PART_BYTES = 8 * 1024 * 1024;

type Db = Client | PoolClient;

/** Parents before children along the foreign keys that are checked at once (deferred ones wait). */
function loadOrder(tables: TableOfBackup[], edges: { child: string; parent: string }[]): TableOfBackup[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (child !== parent && byName.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: TableOfBackup[] = [];
  const remaining = new Set([...byName.keys()].sort());
  while (remaining.size > 0) {
    const ready = [...remaining].find((name) => [...parents.get(name)!].every((p) => !remaining.has(p)));
    if (ready === undefined) throw new Error(`Foreign keys form a cycle among ${[...remaining].join(', ')}`);
    ordered.push(byName.get(ready)!);
    remaining.delete(ready);
  }
  return ordered;
}

async function describeSchema(db: Db): Promise<Omit<Manifest, 'format' | 'version' | 'createdAt'>> {
  // a partitioned table's rows are read through it: its partitions are not tables of their own here
  const { rows: tables } = await db.query<TableOfBackup>(
    `SELECT c.relname::text AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> $1
      GROUP BY c.relname`,
    [MIGRATIONS_TABLE],
  );
  const { rows: edges } = await db.query<{ child: string; parent: string }>(
    `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent
       FROM pg_constraint
      WHERE contype = 'f' AND NOT condeferred AND connamespace = 'public'::regnamespace`,
  );
  const { rows: migrations } = await db.query<{ name: string }>(
    `SELECT name FROM ${ident(MIGRATIONS_TABLE)} ORDER BY id`,
  );
  const { rows: sequences } = await db.query<{ name: string; lastValue: string | null }>(
    `SELECT sequencename::text AS name, last_value::text AS "lastValue"
       FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  );
  const [{ version }] = (await db.query<{ version: string }>('SHOW server_version')).rows as [
    { version: string },
  ];
  return {
    postgres: version,
    migrations: migrations.map((m) => m.name),
    tables: loadOrder(tables, edges),
    sequences,
  };
}

/** Every row of `table` through a cursor, in parts; answers the number of rows. */
async function dumpTable(db: Db, tar: TarWriter, table: TableOfBackup): Promise<number> {
  const columns = table.columns.map(ident).join(', ');
  await db.query(
    `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text FROM (SELECT ${columns} FROM ${ident(table.name)}) t`,
  );
  let rows = 0;
  let part = 0;
  let pending: string[] = [];
  let bytes = 0;
  const flush = async () => {
    await tar.file(partPath(table.name, ++part), Buffer.from(`[\n${pending.join(',\n')}\n]\n`));
    pending = [];
    bytes = 0;
  };
  for (;;) {
    const batch = (
      await db.query<string[]>({ text: `FETCH ${FETCH_ROWS} FROM backup_rows`, rowMode: 'array' })
    ).rows;
    for (const [row] of batch) {
      pending.push(row!);
      bytes += row!.length;
      if (pending.length >= PART_ROWS || bytes >= PART_BYTES) await flush();
    }
    rows += batch.length;
    if (batch.length < FETCH_ROWS) break;
  }
  if (pending.length > 0) await flush();
  await db.query('CLOSE backup_rows');
  return rows;
}

/**
 * Writes a backup of the database `db` is connected to into `out` (a tar; the caller gzips it),
 * from one consistent snapshot while the API keeps running. Answers the rows of each table.
 */
export async function backupDatabase(db: Db, out: Writable): Promise<BackupEnd> {
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      ...(await describeSchema(db)),
    };
    const tar = new TarWriter(out);
    await tar.file('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    const end: BackupEnd = { rows: {} };
    for (const table of manifest.tables) end.rows[table.name] = await dumpTable(db, tar, table);
    await tar.file('end.json', Buffer.from(JSON.stringify(end, null, 2)));
    await tar.finish();
    return end;
  } finally {
    await db.query('ROLLBACK');
  }
}
