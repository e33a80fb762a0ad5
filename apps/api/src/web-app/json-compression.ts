import compression from 'compression';
import type { Request, Response } from 'express';

/**
 * Below this a JSON reply goes plain: a compressed body would save less than the coding costs
 * (docs/web.md, "Caching and compression").
 */
const THRESHOLD_BYTES = 2048;

/**
 * Compresses the API's JSON replies above the threshold, brotli or gzip by the client's
 * Accept-Encoding, with Vary (the control chart's and the trace bands' replies are hundreds of
 * KiB of numbers). JSON only: the event streams must reach the client as each event is written,
 * the PDFs and files are compressed already, and the web app's files are precompressed at build.
 */
export function jsonCompression() {
  return compression({
    threshold: THRESHOLD_BYTES,
    filter: (_req: Request, res: Response) =>
      /^application\/json\b/.test(String(res.getHeader('Content-Type'))),
  });
}
