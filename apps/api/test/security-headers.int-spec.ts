import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import request from 'supertest';
import { testTargets } from './targets';
import type { TestApp } from './test-app';
import { startTestApp, stopTestApp } from './test-app';

// Issue 16: security headers on every kind of reply: the API's JSON, the run upload route (a
// plain Express handler ahead of Nest's router), the web app's page and a file under dl/.

const API = '/webcyc/api';
const INSTALLER = Buffer.from('MZ fake installer bytes');

/** A built web app of two files: its page and the Windows app's installer (docs/requirements/identity.md#field-rules). */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sweepline-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Sweepline</title><div id="root"></div>');
  mkdirSync(join(dir, 'dl'));
  writeFileSync(join(dir, 'dl', 'rfsetup.exe'), INSTALLER);
  return dir;
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name, sources);
  }
  return parsed;
}

function expectSecurityHeaders(res: Response): void {
  const csp = directives(res.headers['content-security-policy']);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

const target = testTargets()[0]!;

describe('security headers over http', () => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(target, { webDistDir: webDist(), publicUrl: 'http://sweepline.test' });
  });
  afterAll(() => stopTestApp(t));

  const replies: [string, () => request.Test, number][] = [
    ['an API reply', () => request(t!.http()).get(`${API}/health`), 200],
    ['a refused API call', () => request(t!.http()).get(`${API}/user/account`), 401],
    ['the run upload route', () => request(t!.http()).post(`${API}/runner/runs`).send({}), 401],
    ['a body that is not JSON', () => request(t!.http()).post(`${API}/login`).type('json').send('{'), 400],
    ['the web app page', () => request(t!.http()).get('/product'), 200],
    ['the web app root', () => request(t!.http()).get('/'), 200],
  ];
  it.each(replies)('are on %s', async (_name, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expectSecurityHeaders(res);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on a file download from dl/', async () => {
    const res = await request(t!.http()).get('/dl/rfsetup.exe').responseType('blob');
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body as Buffer)).toEqual(INSTALLER);
    expectSecurityHeaders(res);
  });

  it('let inline styles in but never inline scripts', async () => {
    const res = await request(t!.http()).get('/');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('security headers when users reach the product over https', () => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(target, { webDistDir: webDist(), publicUrl: 'https://sweepline.example.com' });
  });
  afterAll(() => stopTestApp(t));

  it.each([`${API}/health`, '/', '/dl/rfsetup.exe'])('add HSTS and upgrade requests on %s', async (path) => {
    const res = await request(t!.http()).get(path);
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});
