import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startBuiltApi, type BuiltApi, type BuiltApiOptions } from '@sweepline/testing';

const WEB_INDEX = join(resolve(__dirname, '../../../..'), 'apps/web/dist/index.html');

export type RunningApi = BuiltApi;

/** Where an API restarted on the same data comes back: its data folder (which stop() then leaves) and port. */
export type ApiPlace = Pick<BuiltApiOptions, 'dataDir' | 'port'>;

/**
 * The built API serving the built web app, as `npm start` runs it, on the embedded PostgreSQL in
 * a fresh data folder (or `place`'s): mails land in its outbox, and the proof of work is kept small.
 */
export function startApi(env: NodeJS.ProcessEnv = {}, place: ApiPlace = {}): Promise<RunningApi> {
  if (!existsSync(WEB_INDEX)) {
    throw new Error(
      `${WEB_INDEX} is missing: run npx nx run-many -t build --projects=@sweepline/web,@sweepline/api`,
    );
  }
  return startBuiltApi({ prefix: 'sweepline-web-e2e', env, ...place });
}
