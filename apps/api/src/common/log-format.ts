import type { LoggerService } from '@nestjs/common';
import { pino } from 'pino';
import pinoPretty from 'pino-pretty';

/**
 * How the server's log is written (docs/operations.md, "Logs and health"): readable lines for a
 * person at a terminal, one JSON object per line for a log collector. LOG_FORMAT chooses; without
 * it, standard output being a terminal does.
 */
export type LogFormat = 'json' | 'pretty';

export function parseLogFormat(
  value: string | undefined,
  stdoutIsTerminal: boolean,
): LogFormat | { error: string } {
  if (value === undefined || value.trim() === '') return stdoutIsTerminal ? 'pretty' : 'json';
  const format = value.trim().toLowerCase();
  if (format === 'json' || format === 'pretty') return format;
  return { error: `LOG_FORMAT must be json or pretty, not '${value}'` };
}

/**
 * The stream the log is written to, synchronously, so that its lines keep their order with the few
 * console lines of main.ts (the start's last line comes after Nest's). Pretty: pino-pretty in this
 * thread (no worker transport), one line per entry: time, level, `[context]` of Nest's lines, a
 * request as `GET /path 200 3 ms`, then any other fields. JSON: pino's own lines.
 */
export function logStream(
  format: LogFormat,
  colorize = process.stdout.isTTY === true,
  destination: NodeJS.WritableStream | number = 1,
) {
  if (format === 'json') {
    return typeof destination === 'number'
      ? pino.destination({ dest: destination, sync: true })
      : destination;
  }
  return pinoPretty({
    colorize,
    destination,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,req,res,responseTime',
    messageFormat:
      '{if context}[{context}] {end}{if req.method}{req.method} {req.url} {res.statusCode} {responseTime} ms: {end}{msg}',
  });
}

/** Nest's start-up chatter: every module, controller and route it maps, one line each. */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * The API's Nest logger (nestjs-pino's) with the start-up chatter (the route map: a line per route,
 * hundreds) at debug level: `LOG_LEVEL=debug` still shows it, a normal start shows a few lines.
 */
export class StartUpAtDebug implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && START_UP_CONTEXTS.has(context)) this.inner.debug?.(message, ...rest);
    else this.inner.log(message, ...rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.inner.error(message, ...rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.inner.warn(message, ...rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.inner.debug?.(message, ...rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.inner.verbose?.(message, ...rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.inner.fatal?.(message, ...rest);
  }
}
