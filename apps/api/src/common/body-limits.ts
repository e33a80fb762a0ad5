import { NextFunction, Request, Response } from 'express';
import { ATTACHMENT_LIMITS, fail } from '@sweepline/domain';

const MIB = 1024 * 1024;

/**
 * The largest body each route takes (docs/operations.md, "Timeouts and limits"). The parsers
 * enforce them as they read (express.json, multer); bodyLimits refuses a declared Content-Length
 * above them before anything is read, on every route, those that read no body included.
 */
export const BODY_LIMITS = {
  /** Every JSON call. */
  json: 2 * MIB,
  /** A run upload may carry traces of up to 20,001 points each (docs/api/runs.md). */
  runUpload: 16 * MIB,
  /** One attachment file, and the multipart form around it. */
  attachment: ATTACHMENT_LIMITS.fileBytes + 64 * 1024,
} as const;

/** The limit of one path under the API prefix's `runUploads` path (runner/runs). */
export function bodyLimitOf(path: string, runUploads: string): number {
  if (path === runUploads) return BODY_LIMITS.runUpload;
  if (path.startsWith(`${runUploads}/`) && path.endsWith('/attachments')) return BODY_LIMITS.attachment;
  return BODY_LIMITS.json;
}

/**
 * 413 in the envelope for a body declared larger than its route takes, and the connection closed:
 * Node would otherwise read the unwanted body to its end to keep the connection.
 */
export function bodyLimits(runUploads: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (!(declared > bodyLimitOf(req.path, runUploads))) return next();
    res.set('Connection', 'close');
    res.status(413).json(fail('The request body is too large'));
  };
}
