import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { describeEachDatabase } from '../test/test-app';

/** A hashed script of the build, with the brotli and gzip siblings the build writes. */
const SCRIPT = { path: '/assets/index-AbC123.js', text: 'console.log("sweepline");'.repeat(200) };
/** The sizes of the plain file and its siblings: the Content-Length tells which one went out. */
const SIZES = {
  plain: Buffer.byteLength(SCRIPT.text),
  br: brotliCompressSync(SCRIPT.text).length,
  gzip: gzipSync(SCRIPT.text).length,
};
const ROBOTS = 'User-agent: *\nDisallow: /product\n';
/** The empty page of the single-page app, which draws any screen once its script runs. */
const APP_PAGE = '<!doctype html><title>Sweepline</title>';
/** Public screens' pages as the build prerenders them (apps/web/vite-prerender.mts), by path. */
const PRERENDERED = {
  '/': {
    file: 'index.html',
    html: `<!doctype html><h1>Online RF production testing</h1>${'<p>x</p>'.repeat(300)}`,
  },
  '/login': { file: 'login/index.html', html: `<!doctype html><h2>Log In</h2>${'<p>y</p>'.repeat(300)}` },
  '/guide/faq': {
    file: 'guide/faq/index.html',
    html: `<!doctype html><h1>FAQ</h1>${'<p>z</p>'.repeat(300)}`,
  },
};

/** A built web app stand-in: its page, a precompressed script, robots.txt and one download. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sweepline-web-'));
  writeFileSync(join(dir, 'index.html'), APP_PAGE);
  for (const { file, html } of Object.values(PRERENDERED)) {
    const page = join(dir, 'prerendered', file);
    mkdirSync(dirname(page), { recursive: true });
    writeFileSync(page, html);
    writeFileSync(`${page}.br`, brotliCompressSync(html));
    writeFileSync(`${page}.gz`, gzipSync(html));
  }
  mkdirSync(join(dir, 'dl'));
  writeFileSync(join(dir, 'dl', 'sweepline.tgz'), 'runner bytes');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, SCRIPT.path), SCRIPT.text);
  writeFileSync(join(dir, `${SCRIPT.path}.br`), brotliCompressSync(SCRIPT.text));
  writeFileSync(join(dir, `${SCRIPT.path}.gz`), gzipSync(SCRIPT.text));
  writeFileSync(join(dir, 'robots.txt'), ROBOTS);
  return dir;
}

describeEachDatabase(
  'the web app beside the API',
  (t) => {
    const get = (path: string) => request(t().http()).get(path);

    it('answers every other page path with the app (single-page fallback)', async () => {
      for (const path of ['/sn', '/report/daily-test', '/download', '/dlx', '/guide/dl']) {
        const res = await get(path);
        expect([path, res.status, res.text]).toEqual([path, 200, APP_PAGE]);
      }
    });

    describe("a public screen's page made at build time (docs/web.md, HTML made at build time)", () => {
      it('answers each prerendered path with its own HTML, brotli-coded to a client that accepts br', async () => {
        for (const [path, { html }] of Object.entries(PRERENDERED)) {
          const res = await get(path).set('Accept-Encoding', 'gzip, deflate, br, zstd');
          expect([path, res.status, res.headers['content-encoding'], res.text]).toEqual([
            path,
            200,
            'br',
            html,
          ]);
          expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(html).length);
          expect([res.headers['cache-control'], res.headers['vary']]).toEqual([
            'no-store',
            'Accept-Encoding',
          ]);
        }
      });

      it('sends it gzip-coded to a client without br, and plain to one that accepts neither', async () => {
        const { html } = PRERENDERED['/login'];
        const gzipped = await get('/login').set('Accept-Encoding', 'gzip');
        expect([gzipped.headers['content-encoding'], gzipped.text]).toEqual(['gzip', html]);
        for (const accept of ['identity', 'br;q=0, gzip;q=0']) {
          const res = await get('/login').set('Accept-Encoding', accept);
          expect([accept, res.headers['content-encoding'], res.text]).toEqual([accept, undefined, html]);
          expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(html));
        }
      });

      it('takes a trailing slash, and answers any other spelling with the app, never another file', async () => {
        expect((await get('/login/')).text).toBe(PRERENDERED['/login'].html);
        const others = [
          '/LOGIN',
          '/login.html',
          '/login%2e',
          '/guide/faq/more',
          '/guide',
          '/index',
          '/login/index',
          '/%2e%2e/index',
        ];
        for (const path of others) {
          const res = await get(path);
          expect([path, res.status, res.text]).toEqual([path, 200, APP_PAGE]);
        }
      });
    });

    it('serves a file of dl/', async () => {
      const res = await get('/dl/sweepline.tgz');
      expect([res.status, res.body.toString()]).toEqual([200, 'runner bytes']);
    });

    it('answers 404 for a path under dl/ that holds no file, never the page', async () => {
      for (const path of ['/dl/rfsetup.exe', '/dl/', '/dl/nested/setup.msi']) {
        const res = await get(path);
        expect([path, res.status, res.text]).toEqual([path, 404, 'Not found']);
      }
      // the folder itself: the static files' redirect to dl/, which is the 404 above
      const folder = await get('/dl');
      expect([folder.status, folder.headers.location]).toEqual([301, '/dl/']);
    });

    describe('compression and caching (docs/web.md, Caching and compression)', () => {
      // supertest decodes the body; the coding and the length say what was sent
      const fetchScript = (acceptEncoding: string) => get(SCRIPT.path).set('Accept-Encoding', acceptEncoding);

      it('sends a hashed script brotli-coded to a client that accepts br, cached for a year', async () => {
        const res = await fetchScript('gzip, deflate, br, zstd');
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toMatch(/^text\/javascript/);
        expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect([Number(res.headers['content-length']), res.text]).toEqual([SIZES.br, SCRIPT.text]);
      });

      it('sends it gzip-coded to a client that accepts gzip only, or refuses br', async () => {
        for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=0.5, br;q=0']) {
          const res = await fetchScript(accept);
          expect([accept, res.headers['content-encoding']]).toEqual([accept, 'gzip']);
          expect([Number(res.headers['content-length']), res.text]).toEqual([SIZES.gzip, SCRIPT.text]);
        }
      });

      it('sends it plain, still with Vary, to a client that accepts neither', async () => {
        for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0', '']) {
          const res = await fetchScript(accept);
          expect([accept, res.status, res.headers['content-encoding']]).toEqual([accept, 200, undefined]);
          expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
          expect([Number(res.headers['content-length']), res.text]).toEqual([SIZES.plain, SCRIPT.text]);
        }
      });

      it('serves the siblings of a build written while the API runs', async () => {
        const later = join(t().config.webDistDir, 'assets', 'later-Zz9.js');
        writeFileSync(later, SCRIPT.text);
        writeFileSync(`${later}.br`, brotliCompressSync(SCRIPT.text));
        const res = await get('/assets/later-Zz9.js').set('Accept-Encoding', 'br');
        expect([res.headers['content-encoding'], res.text]).toEqual(['br', SCRIPT.text]);
      });

      it('never lets the page be cached, and answers a missing script with 404, not the page', async () => {
        for (const path of ['/', '/login', '/tr']) {
          expect([path, (await get(path)).headers['cache-control']]).toEqual([path, 'no-store']);
        }
        const missing = await get('/assets/index-Gone42.js');
        expect([missing.status, missing.text]).toEqual([404, 'Not found']);
      });

      it('serves robots.txt as text, asked anew before each use', async () => {
        const res = await get('/robots.txt');
        expect([res.status, res.headers['content-type'], res.text]).toEqual([
          200,
          'text/plain; charset=utf-8',
          ROBOTS,
        ]);
        expect(res.headers['cache-control']).toBe('no-cache');
      });

      it('compresses a large JSON reply by Accept-Encoding, and leaves a small one plain', async () => {
        const large = await get('/webcyc/api/docs-json').set('Accept-Encoding', 'gzip, br');
        expect([large.headers['content-encoding'], large.headers['vary']]).toEqual(['br', 'Accept-Encoding']);
        expect(large.body).toHaveProperty('openapi');
        const gzipped = await get('/webcyc/api/docs-json').set('Accept-Encoding', 'gzip');
        expect(gzipped.headers['content-encoding']).toBe('gzip');
        const plain = await get('/webcyc/api/docs-json').set('Accept-Encoding', 'identity');
        expect(plain.headers['content-encoding']).toBeUndefined();
        const small = await get('/webcyc/api/site').set('Accept-Encoding', 'gzip, br');
        expect([small.status, small.headers['content-encoding']]).toEqual([200, undefined]);
      });
    });

    it('tells the Download page whether the runner package is there, asked anew on each call', async () => {
      const available = async () => (await get('/webcyc/api/site')).body.data.runnerPackageAvailable;
      expect(await available()).toBe(true);
      const packageFile = join(t().config.webDistDir, 'dl', 'sweepline.tgz');
      rmSync(packageFile);
      try {
        expect(await available()).toBe(false);
      } finally {
        writeFileSync(packageFile, 'runner bytes');
      }
    });
  },
  { webDistDir: webDist() },
);
