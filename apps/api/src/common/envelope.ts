import {
  ArgumentsHost,
  CallHandler,
  Catch,
  ExceptionFilter,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  NestInterceptor,
} from '@nestjs/common';
import { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { DomainError, fail, ok } from '@sweepline/domain';
import { databaseOutage } from '../database/outage-log';
import {
  DATABASE_UNREACHABLE_MSG,
  isDatabaseUnreachable,
  RETRY_AFTER_SECONDS,
} from '../database/unreachable';
import { BODY_LIMITS } from './body-limits';
import { httpStatusOf } from './refusal-status';

/** Wraps every successful reply in the spec's envelope {status: 1, msg: '', data}. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(map((data: unknown) => (data instanceof RawReply ? data.body : ok(data ?? null))));
  }
}

/** A reply that is not enveloped (a PDF, a file): return `new RawReply(body)` from a handler. */
export class RawReply {
  constructor(readonly body: unknown) {}
}

/** The message of an HttpException: ours are strings; Nest's own carry {message} objects. */
function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return String(message[0] ?? exception.message);
  return typeof message === 'string' ? message : exception.message;
}

const requestLog = new Logger('Request');

function describe(exception: unknown): string {
  return exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
}

/**
 * A request refused before its body was read (Authenticator.admit): Node reads the rest to its end
 * to keep the connection for another request. Up to a JSON route's limit that is cheap, and lets
 * a browser that is still sending read the answer (a 401 sends it to the log-in); a larger body,
 * up to the upload's 16 MB, or one of unknown length (chunked, without end) is not worth reading,
 * so its connection is closed instead.
 */
function closesUnread(req: Request): boolean {
  if (req.complete) return false;
  const declared = Number(req.headers['content-length']);
  return !(declared <= BODY_LIMITS.json);
}

/**
 * Every failure becomes {status: 0, msg, data: null} with a 4xx (or 500) HTTP status. Nothing
 * internal leaks: an unexpected error is logged and answered 'Internal error'. A failure after the
 * reply has started can only be logged: its status is already sent, and a second reply would throw.
 * A database that cannot be reached is a 503 the caller may retry, logged once per outage. A
 * request refused with a large body unread has its connection closed (closesUnread).
 */
export function sendFailure(res: Response, exception: unknown): void {
  if (closesUnread(res.req) && !res.headersSent) res.set('Connection', 'close');
  if (isDatabaseUnreachable(exception)) {
    databaseOutage.unreachable(exception);
    if (res.headersSent) return;
    res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(HttpStatus.SERVICE_UNAVAILABLE).json(fail(DATABASE_UNREACHABLE_MSG));
    return;
  }
  const known = exception instanceof HttpException || exception instanceof DomainError;
  if (!known || res.headersSent) requestLog.error(describe(exception));
  if (res.headersSent) return;
  if (exception instanceof DomainError)
    res.status(httpStatusOf(exception.kind)).json(fail(exception.message));
  else if (exception instanceof HttpException)
    res.status(exception.getStatus()).json(fail(messageOf(exception)));
  else res.status(HttpStatus.INTERNAL_SERVER_ERROR).json(fail('Internal error'));
}

/** The failures of every Nest route, answered by sendFailure. */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    sendFailure(host.switchToHttp().getResponse<Response>(), exception);
  }
}
