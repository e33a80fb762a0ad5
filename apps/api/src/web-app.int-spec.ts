import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describeEachDatabase } from '../test/test-app';

/** A built web app stand-in: its page and one file in its downloads folder. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sweepline-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Sweepline</title>');
  mkdirSync(join(dir, 'dl'));
  writeFileSync(join(dir, 'dl', 'sweepline.tgz'), 'runner bytes');
  return dir;
}

describeEachDatabase(
  'the web app beside the API',
  (t) => {
    const get = (path: string) => request(t().http()).get(path);

    it('answers every page path with the app (single-page fallback)', async () => {
      for (const path of ['/', '/sn', '/report/daily-test', '/download', '/dlx', '/guide/dl']) {
        const res = await get(path);
        expect([path, res.status, res.text]).toEqual([path, 200, '<!doctype html><title>Sweepline</title>']);
      }
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
