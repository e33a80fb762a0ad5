/**
 * npm run backup -- [file]      a backup of the API's database into file (default
 *                               sweepline-backup-<time>.tar.gz), while the API runs or not
 * npm run restore -- <file>     that backup into an empty database
 * The database is the API's (docs/operations.md): DATABASE_URL, or else the embedded PostgreSQL
 * in SWEEPLINE_DATA_DIR, reached while the API runs it or started for the time of the command.
 */
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Client } from 'pg';
import { openDatabase } from './open-database';
import { backupDatabase } from './backup';
import { BackupError } from './backup-format';
import { restoreDatabase } from './restore';

const USAGE = `Usage: npm run backup -- [file]    (default: sweepline-backup-<time>.tar.gz)
       npm run restore -- <file>    into an empty database
Uses DATABASE_URL, or the embedded database in SWEEPLINE_DATA_DIR (default ./.sweepline).`;

function total(rows: Record<string, number>): string {
  return Object.values(rows)
    .reduce((a, b) => a + b, 0)
    .toLocaleString('en');
}

async function backup(file: string | undefined): Promise<string> {
  const path = resolve(file ?? `sweepline-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  if (existsSync(path)) throw new BackupError(`${path} exists already: name a new file`);
  const target = await openDatabase(process.env, false);
  const db = new Client({ connectionString: target.url });
  await db.connect();
  // written beside it first: a backup that failed half-way never looks like one
  const partial = `${path}.partial`;
  try {
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial));
    const end = await backupDatabase(db, gzip);
    gzip.end();
    await written;
    renameSync(partial, path);
    return `Backed up ${target.label}: ${total(end.rows)} rows of ${Object.keys(end.rows).length} tables into ${path}`;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await db.end();
    await target.close();
  }
}

async function restore(file: string | undefined): Promise<string> {
  if (!file) throw new BackupError(`Name the backup to restore.\n${USAGE}`);
  const path = resolve(file);
  if (!existsSync(path)) throw new BackupError(`${path} does not exist`);
  const target = await openDatabase(process.env, true);
  try {
    const source = createReadStream(path).pipe(createGunzip());
    const summary = await restoreDatabase(target.url, source);
    return `Restored ${total(summary.rows)} rows of ${Object.keys(summary.rows).length} tables from ${path} into ${target.label}`;
  } finally {
    await target.close();
  }
}

async function main(): Promise<void> {
  const [command, file, extra] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || extra !== undefined || file === '--help') {
    throw new BackupError(USAGE);
  }
  console.log(command === 'backup' ? await backup(file) : await restore(file));
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
