/** Node's socket errors that mean the server is not there (or went away mid-request). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * Whether a database error means the server cannot serve us right now, rather than that our SQL
 * or data is wrong: a refused or dropped connection, a connection timeout, a server shutting down
 * or starting (SQLSTATE class 08, 57P01-57P03), or a standby cancelling a read that conflicts with
 * its replay. One place to recognise it, for the standby's fallback (database/read-db.ts).
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
    if (code === '40001' && /conflict with recovery/i.test(error.message)) return true;
  }
  // pg's own words when the socket closes or the pool cannot connect in time
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message,
  );
}
