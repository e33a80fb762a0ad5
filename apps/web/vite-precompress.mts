import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Text that compresses. Media (the tutorials' videos, images, fonts, the runner's package) are
 * compressed in their own formats already: a second coding would cost the server and save nothing.
 */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|xml)$/;
/** Smaller files fit in one packet either way. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile());
}

/**
 * Writes name.br (brotli, best quality) and name.gz (gzip, level 9) beside every text file of the
 * build, once, so the API sends them by Accept-Encoding without compressing on each request
 * (apps/api/src/web-app/serve-web-app.ts; docs/web.md, "Caching and compression"). A coding that
 * saves nothing is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sweepline-precompress',
    // not the server build of the prerendered pages (vite-prerender.mts): nothing of it is served
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir).filter((f) => TEXT.test(f))) {
        const raw = readFileSync(file);
        if (raw.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gzip = gzipSync(raw, { level: 9 });
        if (brotli.length < raw.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < raw.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
