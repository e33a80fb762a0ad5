import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startBuiltApi } from '@sweepline/testing';
import { seedDemo } from './demo-seed';
import { makeTemplatesFolder, TEMPLATES_ENV } from './global-setup';

/**
 * The API's data folders (embedded cluster, its password, the outbox) that the e2e files start
 * from, made once per jest run instead of once per file: initdb and the migrations took some
 * 10 s of each file's start and the demo seed 20-25 s more (docs/operations.md, "CI's time"). A
 * stopped cluster's folder copies cleanly (no postmaster.pid; the API picks a new port at each
 * start), so each file still runs on a database of its own and writes to no other file's.
 */

/** `migrated`: a new database the API has migrated; `demo`: that with the demo seed (docs/seed.md). */
export type DataTemplate = 'migrated' | 'demo';

const run = promisify(execFile);

/**
 * Fills the empty folder `dataDir` with a copy of the template. Outside a jest run (no
 * templates folder: the guide's scripts) the template is made for this one copy.
 */
export async function copyTemplate(kind: DataTemplate, dataDir: string): Promise<void> {
  const runFolder = process.env[TEMPLATES_ENV];
  const root = runFolder ?? makeTemplatesFolder();
  try {
    await copyFolder(await template(root, kind), dataDir);
  } finally {
    if (!runFolder) rmSync(root, { recursive: true, force: true });
  }
}

/**
 * `cp -a`, not fs.cp: run as root, the API runs the cluster as the postgres system user, and
 * PostgreSQL refuses a data folder that user does not own; fs.cp would make the copy root's.
 */
async function copyFolder(from: string, into: string): Promise<void> {
  await run('cp', ['-a', `${from}/.`, into]);
}

/**
 * The template, made by the first file that needs it. It is made beside its place and renamed
 * into it, so a file never copies half a template; when two jest workers make it at once, the
 * second rename fails (the place is taken) and that worker uses the first one's.
 */
async function template(root: string, kind: DataTemplate): Promise<string> {
  const ready = join(root, kind);
  if (existsSync(ready)) return ready;
  const making = mkdtempSync(join(root, `${kind}-making-`));
  try {
    if (kind === 'migrated') {
      // the API creates and migrates its database at start, as `npm start` does
      const api = await startBuiltApi({ prefix: 'sweepline-web-e2e', dataDir: making });
      await api.stop();
    } else {
      await copyFolder(await template(root, 'migrated'), making);
      // with no API running on the folder, the seed starts the cluster itself (docs/seed.md)
      await seedDemo({ dataDir: making });
    }
    renameSync(making, ready);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    if (!existsSync(ready)) throw error;
  }
  return ready;
}
