/**
 * The one place that tells "the database cannot be reached" from every other failure: PostgreSQL
 * refusing connections, shutting down or starting up, or a connection dropped mid-request. The
 * envelope answers those 503 with Retry-After instead of 500 (docs/operations.md, "When the
 * database goes away"); the standby's reads fall back to the primary on them (read-db.ts).
 */

export const DATABASE_UNREACHABLE_MSG = 'The database is not reachable; try again in a few seconds';

/** What Retry-After says: about the time a PostgreSQL restart takes. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL's SQLSTATEs of a server that is going or not there yet: 57P01 admin_shutdown (a
 * fast or immediate stop), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, or
 * shutting down), 53300 too_many_connections (every slot taken, as while a restart settles).
 * Class 08 (connection exception) is matched whole.
 */
const SERVER_GOING = new Set(['57P01', '57P02', '57P03', '53300']);

/** The socket's errors when the server's port is closed, or the connection broke. */
const SOCKET_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** node-postgres's words for a query sent on a client whose connection had failed. */
const NOT_QUERYABLE = 'Client has encountered a connection error and is not queryable';

/**
 * node-postgres says these in words only (no code): the server closed the socket, a query was
 * sent on a client whose connection had failed, or no connection came within the pool's wait.
 */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  NOT_QUERYABLE,
  'timeout exceeded when trying to connect',
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  /** TypeORM's QueryFailedError keeps pg's own error here. */
  driverError?: unknown;
  cause?: unknown;
  /** A connection to "localhost" tries IPv6 and IPv4: each attempt's error. */
  errors?: unknown;
}

function causesOf(error: ErrorLike): unknown[] {
  return [error.driverError, error.cause, ...(Array.isArray(error.errors) ? error.errors : [])];
}

/**
 * TypeORM releases a request's connection when pg reports it broken between two statements (the
 * client's error event); the request's next statement or its COMMIT then fails with this. Our
 * requests never use a connection after releasing it, so here it means a connection dropped.
 */
const RELEASED_BY_A_DROP = 'QueryRunnerAlreadyReleasedError';

/** A hot standby cancels a read that conflicts with its replay: the primary can serve it. */
function isStandbyConflict(code: string, message: string): boolean {
  return code === '40001' && /conflict with recovery/i.test(message);
}

function isUnreachableItself(error: ErrorLike): boolean {
  if ((error as { name?: unknown }).name === RELEASED_BY_A_DROP) return true;
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (code.startsWith('08') || SERVER_GOING.has(code) || SOCKET_FAILURES.has(code)) return true;
  return (
    isStandbyConflict(code, message) || PG_CONNECTION_MESSAGES.some((words) => message.startsWith(words))
  );
}

/** Whether `error` or an error it wraps (a few levels deep) passes `test`. */
function inChain(error: unknown, test: (e: ErrorLike) => boolean, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const e = error as ErrorLike;
  return test(e) || causesOf(e).some((cause) => inChain(cause, test, depth + 1));
}

/** Whether `error`, or an error it wraps, says the database cannot be reached right now. */
export function isDatabaseUnreachable(error: unknown): boolean {
  return inChain(error, isUnreachableItself);
}

/**
 * Whether `error` (or an error it wraps) is a connection's failure told again: a statement sent on
 * a connection that broke earlier (pg's "not queryable", TypeORM's released runner). The break
 * itself was reported when it happened (the connection's error event, outage-log.ts), so this is
 * no news of the database: after a restart the requests that held a broken connection fail so
 * even once the database is back.
 */
export function isEarlierDropToldAgain(error: unknown): boolean {
  return inChain(
    error,
    (e) =>
      (e as { name?: unknown }).name === RELEASED_BY_A_DROP ||
      (typeof e.message === 'string' && e.message.startsWith(NOT_QUERYABLE)),
  );
}

/** A short reason for the log: pg's code or the socket's, and its words. */
export function reasonOf(error: unknown): string {
  const e = (error ?? {}) as ErrorLike;
  const inner = (e.driverError ?? e.cause ?? e) as ErrorLike;
  const code = typeof inner.code === 'string' ? `${inner.code}: ` : '';
  const message = typeof inner.message === 'string' ? inner.message : String(error);
  return `${code}${message}`;
}
