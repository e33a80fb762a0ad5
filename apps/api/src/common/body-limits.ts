import type { NextFunction, Request, Response } from 'express';
import { ATTACHMENT_LIMITS, ATTACHMENT_MSG, fail, ORIGIN_LIMITS, ORIGIN_MSG } from '@sweepline/domain';

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
  /** A certificate's PDF, and the multipart form around it (docs/api/instruments.md). */
  certificate: ORIGIN_LIMITS.certificateBytes + 64 * 1024,
} as const;

/** POST /instruments/{instrumentId}/certificates, under the API's prefix. */
const CERTIFICATE_UPLOAD = /\/instruments\/[^/]+\/certificates$/;

const TOO_LARGE = 'The request body is too large';

/** The limit of a path, given the run upload's (`runUploads`), and the words of its refusal. */
export function bodyLimitOf(path: string, runUploads: string): { bytes: number; refusal: string } {
  if (path === runUploads) return { bytes: BODY_LIMITS.runUpload, refusal: TOO_LARGE };
  if (path.startsWith(`${runUploads}/`) && path.endsWith('/attachments'))
    return { bytes: BODY_LIMITS.attachment, refusal: ATTACHMENT_MSG.fileTooLarge };
  if (CERTIFICATE_UPLOAD.test(path))
    return { bytes: BODY_LIMITS.certificate, refusal: ORIGIN_MSG.pdfTooLarge };
  return { bytes: BODY_LIMITS.json, refusal: TOO_LARGE };
}

/**
 * 413 in the envelope for a body declared larger than its route takes, and the connection closed:
 * Node would otherwise read the unwanted body to its end to keep the connection.
 */
export function bodyLimits(runUploads: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const declared = Number(req.headers['content-length'] ?? 0);
    const limit = bodyLimitOf(req.path, runUploads);
    if (!(declared > limit.bytes)) return next();
    res.set('Connection', 'close');
    res.status(413).json(fail(limit.refusal));
  };
}
