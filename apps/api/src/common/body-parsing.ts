import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { json } from 'express';
import { fail } from '@sweepline/domain';

interface BodyParserError {
  status: number;
  type: string;
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
    default:
      return 'The request body could not be read';
  }
}

/**
 * JSON bodies up to `limit` bytes. A body that is too large or not JSON is answered here, in the
 * envelope, with our own words: the parser's message would show the caller its internals.
 */
export function jsonBodies(
  limit: number,
): [RequestHandler, (err: unknown, req: Request, res: Response, next: NextFunction) => void] {
  return [
    json({ limit }),
    (err, _req, res, next) => {
      if (!isBodyParserError(err)) return next(err);
      res.status(err.status).json(fail(messageOf(err)));
    },
  ];
}
