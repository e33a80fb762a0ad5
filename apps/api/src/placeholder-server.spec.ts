import { AddressInfo } from 'node:net';
import { createPlaceholderServer } from './placeholder-server';

describe('placeholder server', () => {
  const server = createPlaceholderServer();
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers the health call in the envelope', async () => {
    const res = await fetch(`${base}/webcyc/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 1, msg: '', data: { ok: true } });
  });

  it('serves the Sweepline page on any other path', async () => {
    const res = await fetch(`${base}/product`);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<h1>Sweepline</h1>');
  });
});
