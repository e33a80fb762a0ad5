import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { json } from 'express';
import { fail } from '@sweepline/domain';
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

/** A JSON parser for bodies up to `limit` bytes, bounded in depth; its failures go to answerBodyFailure. */
export function jsonParser(limit: number): RequestHandler {
  return json({ limit, verify: boundedJson });
}

/**
 * Answers a body that is too large, too deep or not JSON, in the envelope, with our own words
 * (the parser's message would show the caller its internals). False for any other error.
 */
export function answerBodyFailure(err: unknown, res: Response): boolean {
  if (!isBodyParserError(err)) return false;
  res.status(err.status).json(fail(messageOf(err)));
  return true;
}

/** JSON bodies up to `limit` bytes, and the answer to those that cannot be read. */
export function jsonBodies(
  limit: number,
): [RequestHandler, (err: unknown, req: Request, res: Response, next: NextFunction) => void] {
  return [
    jsonParser(limit),
    (err, _req, res, next) => {
      if (!answerBodyFailure(err, res)) next(err);
    },
  ];
}
