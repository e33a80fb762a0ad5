/**
 * The built API as a child process, so that the load generator and the API do not share one
 * event loop (as in production, where clients are other machines).
 */
import { join } from 'node:path';
import { buildApi, startBuiltApi, type BuiltApi } from '@sweepline/testing';
import { createDatabase, databaseUrl, DEFAULT_SERVER_URL, dropDatabase } from './bench-db';

export { buildApi } from '@sweepline/testing';

export const ROOT = join(__dirname, '..', '..');

export type RunningApi = BuiltApi;

/**
 * Starts dist/main.js on `databaseUrl` and waits for its health check. BENCH_API_MAIN names
 * another build's main.js (to measure an older version the same way); BENCH_NODE_ARGS adds Node
 * flags (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the API under load). With `probe`,
 * the API writes its event loop's delay, its GC pauses and its own time per call to that file
 * (api-probe.cjs). `main`: another build's main.js, as BENCH_API_MAIN, for one API of several.
 */
export function startApi(
  databaseUrl: string,
  options: { probe?: string; main?: string } = {},
): Promise<RunningApi> {
  return startBuiltApi({
    prefix: 'sweepline-bench',
    databaseUrl,
    env: {
      NODE_ENV: 'production',
      // the bench's runs are uploaded as they start, within milliseconds: 2 s of settling is to them
      // what the default 60 s is to a lab's tests of up to a minute (docs/architecture.md)
      STEP_VALUE_FOLD_SETTLE_SECONDS: process.env['STEP_VALUE_FOLD_SETTLE_SECONDS'] ?? '2',
      ...(options.probe ? { BENCH_PROBE_OUT: options.probe } : {}),
    },
    nodeArgs: [
      ...(options.probe ? ['--require', join(__dirname, 'api-probe.cjs')] : []),
      ...(process.env['BENCH_NODE_ARGS']?.split(' ').filter(Boolean) ?? []),
    ],
    main: options.main ?? process.env['BENCH_API_MAIN'],
    echoErrors: true,
  });
}

/** A database the bench keeps between a run that prepares it and a run that measures it. */
export interface KeptDatabase {
  /** The database is there from an earlier run: not created anew (the API migrates it). */
  reuse?: boolean;
  /** The database stays at the end. */
  keep?: boolean;
}

/**
 * Builds the API and runs it on database `name` of DATABASE_URL's server (the shared one by
 * default), new unless `kept.reuse`, for `body`; stops it and drops the database afterwards
 * (unless `kept.keep`), whether `body` succeeded or not. `options.probe`: as startApi's (the
 * file is written when the API stops).
 */
export async function withApiOnDatabase(
  name: string,
  body: (api: RunningApi, databaseUrl: string) => Promise<void>,
  kept: KeptDatabase = {},
  options: { probe?: string } = {},
): Promise<void> {
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_SERVER_URL;
  console.log('building the API…');
  buildApi();
  let api: RunningApi | undefined;
  try {
    const url = kept.reuse ? databaseUrl(serverUrl, name) : await createDatabase(serverUrl, name);
    api = await startApi(url, options);
    await body(api, url);
  } finally {
    await api?.stop();
    if (!kept.keep) await dropDatabase(serverUrl, name);
  }
}
