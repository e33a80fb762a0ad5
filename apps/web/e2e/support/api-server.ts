import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBuiltApi, type BuiltApi, type BuiltApiOptions } from '@sweepline/testing';
import { copyTemplate } from './data-templates';

const WEB_INDEX = join(resolve(__dirname, '../../../..'), 'apps/web/dist/index.html');

export type RunningApi = BuiltApi;

/**
 * Where an API restarted on the same data comes back: its data folder (which stop() then leaves)
 * and port; and what a new data folder holds.
 */
export interface ApiStart extends Pick<BuiltApiOptions, 'dataDir' | 'port'> {
  /** A new data folder holds the demo seed's account (docs/seed.md) instead of no account. */
  demo?: boolean;
}

/**
 * The built API serving the built web app, as `npm start` runs it, on the embedded PostgreSQL in
 * a fresh data folder (or `start`'s): mails land in its outbox, and the proof of work is kept
 * small. A folder with no database yet gets a copy of the run's migrated (or seeded) database
 * (data-templates.ts); a restart on a folder keeps its data.
 */
export async function startApi(env: NodeJS.ProcessEnv = {}, start: ApiStart = {}): Promise<RunningApi> {
  if (!existsSync(WEB_INDEX)) {
    throw new Error(
      `${WEB_INDEX} is missing: run npx nx run-many -t build --projects=@sweepline/web,@sweepline/api`,
    );
  }
  const ownDataDir = !start.dataDir;
  const dataDir = start.dataDir ?? mkdtempSync(join(tmpdir(), 'sweepline-web-e2e-'));
  const remove = () => ownDataDir && rmSync(dataDir, { recursive: true, force: true });
  try {
    if (!existsSync(join(dataDir, 'pg'))) await copyTemplate(start.demo ? 'demo' : 'migrated', dataDir);
    const api = await startBuiltApi({ prefix: 'sweepline-web-e2e', env, dataDir, port: start.port });
    // startBuiltApi leaves a folder it was given: the one made here goes with the API
    return { ...api, stop: () => api.stop().finally(remove) };
  } catch (error) {
    remove();
    throw error;
  }
}
