import type { Server } from 'node:http';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp } from 'pino-http';
import { HIDDEN_CODE } from './log-redaction';
import { requestLogOptions } from './request-log';

const SESSION = 'session-token-that-must-not-be-logged';
const BEARER = 'swl_api-token-that-must-not-be-logged';

/** A server logging with the API's options at `level` into `lines`; its handler echoes a session token. */
function loggingServer(lines: string[], status: number, level = 'debug'): Server {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const log = pinoHttp({ ...requestLogOptions(level), stream });
  return createServer((req, res) => {
    log(req, res);
    res.setHeader('x-auth-token', SESSION);
    res.statusCode = status;
    res.end('{}');
  });
}

function get(server: Server, path: string): Promise<void> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        path,
        headers: {
          'x-auth-token': SESSION,
          authorization: `Bearer ${BEARER}`,
          'user-agent': 'sweepline-cli/1.2',
        },
      },
      (res) => res.resume().on('end', resolve),
    );
    req.on('error', reject).end();
  });
}

describe('request log', () => {
  const lines: string[] = [];
  let server: Server;

  afterEach(() => {
    lines.length = 0;
    server.close();
  });

  /** The lines one request to a server logging at `level` writes. */
  async function linesOf(status: number, level: string, path: string) {
    server = loggingServer(lines, status, level);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await get(server, path);
    // pino writes the line when the response has finished
    await new Promise((resolve) => setImmediate(resolve));
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  async function logOf(status: number, path = '/webcyc/api/runner/products?x=1') {
    expect(await linesOf(status, 'debug', path)).toHaveLength(1);
    return { line: lines[0]!, entry: JSON.parse(lines[0]!) as Record<string, unknown> };
  }

  it.each([
    [200, 20],
    [401, 20],
    [503, 20],
    [500, 50],
  ])('writes a %i at level %i', async (status, level) => {
    expect((await logOf(status)).entry['level']).toBe(level);
  });

  it.each([200, 304, 404, 503])(
    'writes no line for a %i at the default level (info): a terminal is not flooded',
    async (status) => {
      expect(await linesOf(status, 'info', '/webcyc/api/health')).toEqual([]);
    },
  );

  it("still writes a 500 at the default level: the server's own failure, with its path", async () => {
    const [entry] = await linesOf(500, 'info', '/webcyc/api/health');
    expect(entry).toMatchObject({ level: 50, req: { url: '/webcyc/api/health' } });
  });

  it('names method, path, status, caller and user agent', async () => {
    const { entry } = await logOf(200);
    expect(entry['req']).toEqual({
      id: 1,
      method: 'GET',
      url: '/webcyc/api/runner/products?x=1',
      remoteAddress: '127.0.0.1',
      userAgent: 'sweepline-cli/1.2',
    });
    expect(entry['res']).toEqual({ statusCode: 200 });
    expect(entry['msg']).toBe('request completed');
  });

  it.each([200, 401, 500])('never holds a token, in the request or the reply (status %i)', async (status) => {
    const { line } = await logOf(status);
    expect(line).not.toContain(SESSION);
    expect(line).not.toContain(BEARER);
  });

  it("never holds a link's single-use code: an export link's or a set-password page's (issue 42)", async () => {
    const code = 'c0de-that-must-not-be-logged';
    const { line, entry } = await logOf(200, `/webcyc/api/user/export?code=${code}&format=zip`);
    expect(line).not.toContain(code);
    expect((entry['req'] as { url: string }).url).toBe(
      `/webcyc/api/user/export?code=${HIDDEN_CODE}&format=zip`,
    );
  });

  it('writes a 503 (the database away) without a made-up error and its stack; a 500 keeps it', async () => {
    const unavailable = await logOf(503);
    expect(unavailable.entry['res']).toEqual({ statusCode: 503 });
    expect(unavailable.entry['err']).toBeUndefined();
    expect(unavailable.line).not.toContain('stack');
    lines.length = 0;
    server.close();
    expect((await logOf(500)).entry['err']).toBeDefined();
  });
});
