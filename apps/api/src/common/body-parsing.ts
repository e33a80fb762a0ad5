import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { json } from 'express';
import { unreadableBody } from './api-error';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth';

interface BodyParserError {
  status: number;
  type: string;
}

/** What the parser's `verify` throws; body-parser keeps its status and type. */
class UnreadableBody extends Error implements BodyParserError {
  constructor(
    readonly status: number,
    readonly type: string,
  ) {
    super(type);
  }
}

function isBodyParserError(e: unknown): e is BodyParserError {
  const candidate = e as Partial<BodyParserError> | null;
  return typeof candidate?.type === 'string' && typeof candidate.status === 'number';
}

function messageOf(e: BodyParserError): string {
  switch (e.type) {
    case 'entity.too.large':
      return 'The request body is too large';
    case 'entity.parse.failed':
      return 'The request body is not valid JSON';
    case 'entity.too.deep':
      return `The request body nests deeper than ${MAX_JSON_DEPTH} levels`;
    case 'charset.not.utf8':
      return 'A JSON body is UTF-8';
    default:
      return 'The request body could not be read';
  }
}

/**
 * Runs on the raw bytes before JSON.parse: a body nested deeper than any of our shapes is refused
 * here, so neither the parser nor the walks after it (validation, class-transformer) recurse
 * thousands of levels. JSON between systems is UTF-8 (RFC 8259, section 8.1), which the byte scan
 * relies on.
 */
function boundedJson(_req: IncomingMessage, _res: ServerResponse, body: Buffer, encoding: string): void {
  if (encoding !== 'utf-8') throw new UnreadableBody(415, 'charset.not.utf8');
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) throw new UnreadableBody(400, 'entity.too.deep');
}

/** One parser per limit (every Nest route shares the general one). */
const parsers = new Map<number, RequestHandler>();

function parserOf(limit: number): RequestHandler {
  let parser = parsers.get(limit);
  if (!parser) {
    parser = json({ limit, verify: boundedJson });
    parsers.set(limit, parser);
  }
  return parser;
}

/**
 * Reads a JSON body of up to `limit` bytes, bounded in depth, into req.body (a body of another
 * type is left to its route: multipart goes to multer). Called only once the caller is known and
 * admitted (Authenticator.admit), never as a middleware ahead of the routes: an unknown caller's
 * body is never read (issue 42, finding 1). A body that is too large, too deep or not JSON
 * rejects in our own words (unreadableBody) (the parser's would show the caller its
 * internals), which sendFailure answers as any other.
 */
export function readJsonBody(req: Request, res: Response, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    parserOf(limit)(req, res, (error?: unknown) => {
      if (!error) resolve();
      else reject(isBodyParserError(error) ? unreadableBody(messageOf(error), error.status) : error);
    });
  });
}
