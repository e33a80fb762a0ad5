import { resolve } from 'node:path';
import { startBuiltApi, type BuiltApi } from '@sweepline/testing';

export { freePort, mailedLink } from '@sweepline/testing';

export const ROOT = resolve(__dirname, '../../../..');

export type RunningApi = BuiltApi;

/**
 * The built API as `npm start` runs it, on the embedded PostgreSQL in a fresh data folder: mails
 * land in its outbox, the proof of work is kept small. Built first if missing.
 */
export const startApi = (options: { env?: NodeJS.ProcessEnv } = {}): Promise<RunningApi> =>
  startBuiltApi({ prefix: 'sweepline-cli-e2e', ...options });
