/**
 * The built API as a child process, so that the load generator and the API do not share one
 * event loop (as in production, where clients are other machines).
 */
import { join } from 'node:path';
import { startBuiltApi, type BuiltApi } from '@sweepline/testing';

export { buildApi } from '@sweepline/testing';

export const ROOT = join(__dirname, '..', '..');

export type RunningApi = BuiltApi;

/**
 * Starts dist/main.js on `databaseUrl` and waits for its health check. BENCH_API_MAIN names
 * another build's main.js (to measure an older version the same way); BENCH_NODE_ARGS adds Node
 * flags (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the API under load).
 */
export function startApi(databaseUrl: string): Promise<RunningApi> {
  return startBuiltApi({
    prefix: 'sweepline-bench',
    databaseUrl,
    env: { NODE_ENV: 'production' },
    nodeArgs: process.env['BENCH_NODE_ARGS']?.split(' ').filter(Boolean) ?? [],
    main: process.env['BENCH_API_MAIN'],
    echoErrors: true,
  });
}
