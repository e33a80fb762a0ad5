import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { readTlsPair } from '../src/tls/certificate';
import { testTargets } from './targets';
import type { TestApp } from './test-app';
import { startTestApp, stopTestApp } from './test-app';

// Issue 16: the API serves HTTPS itself with TLS_CERT_FILE and TLS_KEY_FILE, and serves a renewed
// certificate without a restart. The certificates are made here with openssl, for 127.0.0.1.

interface Pair {
  cert: string;
  key: string;
}

/** A self-signed certificate for 127.0.0.1 with a common name of its own, to tell them apart. */
function selfSigned(dir: string, name: string): Pair {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

interface Answer {
  status: number;
  commonName: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET over HTTPS, trusting only `ca`: a wrong certificate fails the handshake. */
function get(port: number, path: string, ca: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path, ca, agent: false }, (res) => {
      const peer = (res.socket as TLSSocket).getPeerCertificate();
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          commonName: String(peer.subject.CN),
          headers: res.headers,
          body,
        }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() > deadline) throw new Error('The condition did not come true within 15 s');
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

const target = testTargets()[0]!;

describe('HTTPS served by the API', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sweepline-tls-'));
  const first = selfSigned(dir, 'first');
  const renewed = selfSigned(dir, 'renewed');
  const live = { certFile: join(dir, 'live.crt'), keyFile: join(dir, 'live.key') };
  let t: TestApp | undefined;
  let port = 0;

  beforeAll(async () => {
    writeFileSync(live.certFile, readFileSync(first.cert));
    writeFileSync(live.keyFile, readFileSync(first.key));
    t = await startTestApp(target, { tls: live, publicUrl: 'https://127.0.0.1' });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => stopTestApp(t));

  it('answers over TLS with the configured certificate and the HSTS header', async () => {
    const res = await get(port, '/webcyc/api/health', readFileSync(first.cert, 'utf8'));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 1, msg: '', data: { ok: true } });
    expect(res.commonName).toBe('first');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps the old certificate while a renewal has written only one file', async () => {
    // a certificate without its key: not a pair, so the one in use stays
    writeFileSync(`${live.certFile}.new`, readFileSync(renewed.cert));
    renameSync(`${live.certFile}.new`, live.certFile);
    await new Promise((wait) => setTimeout(wait, 3000));
    const res = await get(port, '/webcyc/api/health', readFileSync(first.cert, 'utf8'));
    expect(res.commonName).toBe('first');
  });

  it('serves the renewed certificate once both files are replaced, without a restart', async () => {
    writeFileSync(`${live.keyFile}.new`, readFileSync(renewed.key));
    renameSync(`${live.keyFile}.new`, live.keyFile);
    const res = await eventually(
      () => get(port, '/webcyc/api/health', readFileSync(renewed.cert, 'utf8')),
      (answer) => answer.commonName === 'renewed',
    );
    expect(res.status).toBe(200);
    // the first certificate is no longer what the server shows
    await expect(get(port, '/webcyc/api/health', readFileSync(first.cert, 'utf8'))).rejects.toThrow();
  });
});

describe('TLS files that cannot serve', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sweepline-tls-'));
  const one = selfSigned(dir, 'one');
  const other = selfSigned(dir, 'other');

  it('stop the start with a message naming the variable', () => {
    expect(() => readTlsPair({ certFile: join(dir, 'missing.crt'), keyFile: one.key })).toThrow(
      `TLS_CERT_FILE: cannot read ${join(dir, 'missing.crt')} (ENOENT)`,
    );
    expect(() => readTlsPair({ certFile: one.cert, keyFile: other.key })).toThrow(
      /^TLS_CERT_FILE and TLS_KEY_FILE are not a usable pair/,
    );
    expect(() => readTlsPair({ certFile: one.key, keyFile: one.key })).toThrow(/not a usable pair/);
  });
});
