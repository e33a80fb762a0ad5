import compression from 'compression';
import { constants } from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * Below this a JSON reply goes plain: a compressed body would save less than the coding costs
 * (docs/web.md, "Caching and compression").
 */
const THRESHOLD_BYTES = 2048;

/**
 * A reply is compressed as it is sent, so its coding's time is the caller's wait: fast settings.
 * The control chart's 2.4 MB of every point took brotli's usual quality 4 about 100 ms and gzip's
 * level 6 about 95 ms, more than the chart's own work; quality 2 takes about 25 ms for 4 % more
 * bytes, level 3 about 33 ms for 9 % more (docs/performance/history/analysis.md). The web app's
 * files, compressed once at build, keep the highest settings (vite-precompress.mts).
 */
const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 3;
/**
 * The coder's output buffer: zlib's 16 KiB made the 2.4 MB reply's brotli stream take about
 * twice its one-shot time (one round trip to the thread pool per buffer); 64 KiB matches it.
 */
const CHUNK_BYTES = 64 * 1024;

/**
 * Compresses the API's JSON replies above the threshold, brotli or gzip by the client's
 * Accept-Encoding, with Vary (the control chart's and the trace bands' replies are hundreds of
 * KiB of numbers). JSON only: the event streams must reach the client as each event is written,
 * the PDFs and files are compressed already, and the web app's files are precompressed at build.
 */
export function jsonCompression() {
  return compression({
    threshold: THRESHOLD_BYTES,
    level: GZIP_LEVEL,
    chunkSize: CHUNK_BYTES,
    brotli: { chunkSize: CHUNK_BYTES, params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    filter: (_req: Request, res: Response) =>
      /^application\/json\b/.test(String(res.getHeader('Content-Type'))),
  });
}
