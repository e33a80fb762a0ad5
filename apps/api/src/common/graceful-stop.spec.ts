import type { Server } from 'node:http';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainOnStop } from './graceful-stop';

/** A server whose replies take `?ms=` milliseconds. */
function slowServer(): Server {
  return createServer((req, res) => {
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
    setTimeout(() => res.end('done'), ms).unref();
  });
}

function get(port: number, ms: number): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    request({ port, path: `/?ms=${ms}`, agent: false, headers: { connection: 'keep-alive' } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Resolves once `server` has the next request (a fixed pause is too short on a busy machine). */
const received = (server: Server) => new Promise((resolve) => server.once('request', resolve));

describe('drainOnStop', () => {
  let server: Server;
  let port: number;
  beforeEach(async () => {
    server = slowServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => server.closeAllConnections());

  it('stops accepting at once but answers the requests in flight, closing their connections', async () => {
    const drain = drainOnStop(server);
    const arrived = received(server);
    const inFlight = get(port, 300);
    await arrived;
    const stopped = drain.stop(5000);
    await expect(get(port, 0)).rejects.toThrow(/ECONNREFUSED/);
    expect(await inFlight).toEqual({ status: 200, body: 'done', connection: 'close' });
    expect(await stopped).toEqual({ cut: 0 });
    expect(server.listening).toBe(false);
  });

  it('cuts what is still running at the deadline', async () => {
    const drain = drainOnStop(server);
    const arrived = received(server);
    const slow = get(port, 10_000);
    await arrived;
    const started = Date.now();
    expect(await drain.stop(200)).toEqual({ cut: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
