import { existsSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { API_PREFIX } from '../common/api-prefix';
import { chooseCoding, CODINGS, type Coding } from './content-coding';

/** The downloads folder of the web app (docs/requirements/download-and-site.md#download-page: the installer under a relative dl/). */
const DOWNLOADS = /^\/dl(\/|$)/;
/** Vite's output: every name carries its content's hash, so a changed file is a new URL. */
const HASHED = /^\/assets\//;

/** docs/web.md, "Caching and compression": hashed files for a year, the page never. */
const CACHE = {
  hashed: 'public, max-age=31536000, immutable',
  page: 'no-store',
  // robots.txt, the guides' images, the downloads: kept, but asked anew (ETag) before each use
  other: 'no-cache',
};

/** The build precompresses text only (apps/web/vite-precompress.mts); no other file is looked for. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|xml)$/;

/**
 * The codings whose precompressed sibling (name.br, name.gz) of `path` is on disk, looked up on
 * each request, not once at start: a build written while the API runs is served as it is.
 */
function siblings(dir: string, path: string): Coding[] {
  if (!TEXT.test(path)) return [];
  const file = resolve(dir, `.${path}`);
  if (!file.startsWith(dir + sep)) return [];
  return CODINGS.filter((c) => existsSync(file + c.suffix));
}

/**
 * A request for a file that the build precompressed is pointed at the variant the client accepts
 * (Content-Encoding set, the type kept as the plain file's); the static files then serve it.
 * Vary: Accept-Encoding on every answer for such a file, plain or not, so a shared cache keeps
 * one copy per coding.
 */
function precompressedVariants(dir: string) {
  const root = resolve(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const available = siblings(root, req.path);
    if (available.length === 0) return next();
    res.vary('Accept-Encoding');
    const coding = chooseCoding(req.get('accept-encoding'), available);
    if (!coding) return next();
    res.type(extname(req.path));
    res.setHeader('Content-Encoding', coding.name);
    req.url = req.path + coding.suffix + req.url.slice(req.path.length);
    next();
  };
}

/** A path the build may have prerendered: letters, digits, - and _ between slashes, nothing else. */
const PAGE_PATH = /^(\/[\w-]+)*\/?$/;

/**
 * The page for a path: the one the build wrote for it (apps/web/vite-prerender.mts, docs/web.md
 * "HTML made at build time": `/login` is prerendered/login/index.html), or the app's empty page,
 * which draws any screen once its script runs.
 */
function pageFor(dir: string, path: string): string {
  const page = join(dir, 'prerendered', path, 'index.html');
  return PAGE_PATH.test(path) && existsSync(page) ? page : join(dir, 'index.html');
}

/**
 * Sends a page, brotli- or gzip-coded when the build wrote that sibling and the client accepts
 * it, with Vary for both; never cached, so a new release is seen on the next load.
 */
function sendPage(req: Request, res: Response, page: string): void {
  const coding = chooseCoding(
    req.get('accept-encoding'),
    CODINGS.filter((c) => existsSync(page + c.suffix)),
  );
  res.vary('Accept-Encoding');
  res.setHeader('Cache-Control', CACHE.page);
  res.type('html');
  if (coding) res.setHeader('Content-Encoding', coding.name);
  res.sendFile(coding ? page + coding.suffix : page, { cacheControl: false });
}

/**
 * Serves the built web app with the single-page fallback: every non-API path gets its page (the
 * HTML the build made for it: a public screen, or a signed-in screen's header and title; else
 * index.html), except a missing file under dl/ or assets/, which is a 404: a download must never
 * save the app's page under an installer's name, and a script must never be answered with a page.
 */
export function serveWebApp(app: NestExpressApplication, webDistDir: string): void {
  const index = join(webDistDir, 'index.html');
  if (!existsSync(index)) return;
  app.use(precompressedVariants(webDistDir));
  app.useStaticAssets(webDistDir, {
    index: false,
    // after the static files' own headers: ours replace their Cache-Control
    setHeaders: (res) => {
      const path = (res.req as Request).path;
      const cache = HASHED.test(path) ? CACHE.hashed : path.endsWith('.html') ? CACHE.page : CACHE.other;
      res.setHeader('Cache-Control', cache);
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith(`/${API_PREFIX}`)) return next();
    if (DOWNLOADS.test(req.path) || HASHED.test(req.path)) {
      return res.status(404).type('text/plain').send('Not found');
    }
    sendPage(req, res, pageFor(resolve(webDistDir), req.path));
  });
}
