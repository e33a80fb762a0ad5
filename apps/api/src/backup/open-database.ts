import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startEmbeddedPostgres } from '../database/embedded-postgres';
import { runningClusterUrl } from '../database/running-cluster';
import { BackupError } from './backup-format';

export interface OpenDatabase {
  url: string;
  /** Where the database is, for messages. */
  label: string;
  /** Stops the embedded cluster when this command started it. */
  close(): Promise<void>;
}

/**
 * The API's database for a backup or a restore: DATABASE_URL, or the embedded cluster of
 * SWEEPLINE_DATA_DIR, reached at the port its running postmaster has, or else started (and, for
 * a restore into a new data folder, created) for the time of the command, as the API would.
 */
export async function openDatabase(env: NodeJS.ProcessEnv, mayCreate: boolean): Promise<OpenDatabase> {
  const url = env['DATABASE_URL']?.trim();
  if (url) {
    const where = new URL(url);
    return { url, label: `${where.host}${where.pathname}`, close: async () => undefined };
  }
  const dataDir = resolve(env['SWEEPLINE_DATA_DIR']?.trim() || '.sweepline');
  const pgDir = join(dataDir, 'pg');
  const label = `the embedded database in ${pgDir}`;
  if (!existsSync(join(pgDir, 'PG_VERSION')) && !mayCreate) {
    throw new BackupError(`No Sweepline database in ${dataDir} (set SWEEPLINE_DATA_DIR or DATABASE_URL)`);
  }
  const running = runningClusterUrl(dataDir);
  if (running) return { url: running, label, close: async () => undefined };
  const embedded = await startEmbeddedPostgres(dataDir, () => undefined);
  return { url: embedded.url, label, close: () => embedded.stop() };
}
