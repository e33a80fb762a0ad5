import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from './api-client';
import type { ApiError } from './api-error';

const HINT = 'Set the address with --server or SWEEPLINE_SERVER.';

/** A server that answers every call with an empty envelope, on a port of its own. */
async function answering(): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ status: 1, msg: '', data: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function failure(client: ApiClient): Promise<ApiError> {
  try {
    await client.call('GET', '/version');
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the call went through');
}

describe('a server that cannot be reached (issue 38)', () => {
  it('suggests --server only while the address has never answered', async () => {
    const { server, url } = await answering();
    await close(server); // nothing listens there now
    const never = await failure(new ApiClient(url, undefined));
    expect(never.kind).toBe('connection');
    expect(never.message).toBe(
      `Cannot reach the Sweepline server at ${url} (connection refused: is it running?). ${HINT}`,
    );
  });

  it('does not send the operator to --server once the address answered, or with a saved log-in there', async () => {
    const { server, url } = await answering();
    const client = new ApiClient(url, undefined);
    await client.call('GET', '/version');
    await close(server);
    const after = await failure(client);
    expect(after.message).toBe(
      `Cannot reach the Sweepline server at ${url} (connection refused: is it running?).`,
    );
    const loggedIn = await failure(new ApiClient(url, { kind: 'session', token: 'saved' }));
    expect(loggedIn.message).not.toContain(HINT);
    const byToken = await failure(new ApiClient(url, { kind: 'api-token', token: 'swl_x' }));
    expect(byToken.message).toContain(HINT);
  });
});
