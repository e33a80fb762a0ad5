import { EXIT } from '../exit-codes';
import { ApiError } from './api-error';

/**
 * Before measuring, the runner's calls wait for a server that is briefly away (its database
 * restarting: 503; the API restarting: no connection) instead of refusing the unit
 * (docs/cli.md, "When the server is away"). Uploads do not wait here: they keep their journal.
 */

/** How long to wait at most; SWEEPLINE_SERVER_WAIT_SECONDS changes it (tests use a few seconds). */
export const DEFAULT_WAIT_SECONDS = 60;
export const WAIT_ENV = 'SWEEPLINE_SERVER_WAIT_SECONDS';

/** The pauses between tries: quick at first, then at the API's Retry-After (5 s). */
const BACKOFF_MS = [500, 1000, 2000, 4000, 5000];

/** A server that stayed away for the whole wait, or a wait ended with Ctrl+C: exit 2. */
export class ServerAway extends Error {
  override readonly name = 'ServerAway';
  readonly exitCode = EXIT.usage;
}

export function waitSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[WAIT_ENV];
  if (raw === undefined || raw.trim() === '') return DEFAULT_WAIT_SECONDS;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_WAIT_SECONDS;
}

/** Whether a failed call may succeed soon: 503 (the database), 502/504 (a proxy), no connection. */
export function isServerAway(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'connection') return true;
  return error.httpStatus === 502 || error.httpStatus === 503 || error.httpStatus === 504;
}

/** Why we wait, in the operator's words. */
export function reasonOf(error: ApiError): string {
  return error.kind === 'connection' ? 'it does not answer' : 'the database is not reachable';
}

export interface WaitDisplay {
  /** Called about once a second while waiting: why, and the seconds waited. */
  waiting(reason: string, seconds: number): void;
  /** The call went through after a wait. */
  back(seconds: number): void;
  /** The wait ends without the server (given up, or Ctrl+C); the reason follows as the error. */
  ended(): void;
}

export interface WaitOptions {
  maxSeconds: number;
  display: WaitDisplay;
  /** Ctrl+C: ends the wait at once. */
  signal?: AbortSignal;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** `call`, tried again while the server is away, for up to `maxSeconds`. */
export async function waitForServer<T>(call: () => Promise<T>, options: WaitOptions): Promise<T> {
  const started = Date.now();
  const waited = () => (Date.now() - started) / 1000;
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await call();
      if (attempt > 0) options.display.back(Math.round(waited()));
      return result;
    } catch (error) {
      if (!isServerAway(error)) throw error;
      const reason = reasonOf(error as ApiError);
      const left = options.maxSeconds * 1000 - (Date.now() - started);
      if (left <= 0) {
        options.display.ended();
        throw new ServerAway(
          `The server did not come back within ${options.maxSeconds} s (${reason}). ` +
            'Nothing was measured; run the unit again once the server answers.',
        );
      }
      const until = Date.now() + Math.min(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!, left);
      while (Date.now() < until && !options.signal?.aborted) {
        options.display.waiting(reason, Math.floor(waited()));
        await pause(Math.min(1000, until - Date.now()), options.signal);
      }
      if (options.signal?.aborted) {
        options.display.ended();
        throw new ServerAway(
          `Stopped waiting for the server after ${Math.round(waited())} s: nothing was measured.`,
        );
      }
    }
  }
}
