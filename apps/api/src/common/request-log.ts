import type { LevelWithSilent } from 'pino';
import { pinoHttp, type Options } from 'pino-http';
import { logStream, type LogFormat } from './log-format';
import { withoutCodes } from './log-redaction';

/** The request as pino's standard serializer hands it on (pino-std-serializers). */
interface SerializedRequest {
  id: unknown;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  remoteAddress: string;
}

/** What a request's log line tells of it. */
interface LoggedRequest {
  id: unknown;
  method: string;
  url: string;
  remoteAddress: string;
  userAgent: string | undefined;
}

/**
 * pino-http binds the request to a child logger on every call, logged or not, so this runs on
 * every request: it keeps the few fields a log line needs instead of every header, which then had
 * to be redacted for the tokens (a tenth of a millisecond per request, docs/performance.md). No
 * header but the user agent is kept, so no secret can reach the log.
 */
export function serializeRequest(req: SerializedRequest): LoggedRequest {
  const userAgent = req.headers['user-agent'];
  return {
    id: req.id,
    method: req.method,
    // an export link's code rides in the query: the log keeps the path, not the code
    url: withoutCodes(req.url),
    remoteAddress: req.remoteAddress,
    userAgent: Array.isArray(userAgent) ? userAgent[0] : userAgent,
  };
}

/** The response's status only: its headers carry the session token back. */
export function serializeResponse(res: { statusCode: number }): { statusCode: number } {
  return { statusCode: res.statusCode };
}

/**
 * A 503 (the database is away, docs/operations.md) gets its access-log line without the error
 * pino-http makes up for every 5xx: that error's stack says nothing, and an outage would write one
 * per request. The outage itself is logged once (database/outage-log.ts).
 */
export function withoutMadeUpError(
  _req: unknown,
  res: { statusCode: number; err?: unknown },
  _error: unknown,
  logged: Record<string, unknown>,
): Record<string, unknown> {
  if (res.statusCode !== 503 || res.err !== undefined) return logged;
  const { err: _madeUp, ...rest } = logged;
  return rest;
}

/**
 * A request's line is at debug level (docs/operations.md, "Logs and health"): a terminal shows the
 * start and what goes wrong, not a line per page load; `LOG_LEVEL=debug` adds the access log. A
 * failure of the server's own (5xx) stays an error, its path beside the stack the envelope logs;
 * a 503 is the database away, logged once per outage (database/outage-log.ts), not per request.
 */
export function requestLevel(_req: unknown, res: { statusCode: number }): LevelWithSilent {
  return res.statusCode >= 500 && res.statusCode !== 503 ? 'error' : 'debug';
}

/** pino-http's options for the API's request log at `level`. */
export function requestLogOptions(level: string): Options {
  return {
    level,
    serializers: { req: serializeRequest, res: serializeResponse },
    customLogLevel: requestLevel,
    customErrorObject: withoutMadeUpError,
  };
}

/**
 * The request log, mounted by createApp before everything else, so that calls answered ahead of
 * Nest's router (bad bodies, run uploads) are logged too; nestjs-pino's Logger writes through it.
 */
export function createRequestLog(level: string, format: LogFormat = 'json') {
  return pinoHttp(requestLogOptions(level), logStream(format));
}
