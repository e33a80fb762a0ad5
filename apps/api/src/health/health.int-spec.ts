import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describeEachDatabase } from '../../test/test-app';

/**
 * A POST that declares `length` bytes and sends only a few: the answer must come without the
 * body (a limit checked as the body is read would wait for it).
 */
function declaring(server: Server, path: string, length: number): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': length },
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write('{"a":');
  });
}

describeEachDatabase('service basics', (t) => {
  it('answers the health call in the envelope', async () => {
    const res = await request(t().http()).get('/webcyc/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, msg: '', data: { ok: true } });
  });

  it('answers the readiness call while the database answers', async () => {
    const res = await request(t().http()).get('/webcyc/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, msg: '', data: { ok: true } });
  });

  it("refuses a body declared over its route's limit before reading it", async () => {
    const server = t().http() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const json = await declaring(server, '/webcyc/api/health', 3 * 1024 * 1024);
    expect(json.status).toBe(413);
    expect(JSON.parse(json.body)).toEqual({ status: 0, msg: 'The request body is too large', data: null });
    // the run upload's own limit is 16 MiB, an attachment's 5 MiB and its form
    const upload = await declaring(server, '/webcyc/api/runner/runs', 17 * 1024 * 1024);
    expect(upload.status).toBe(413);
    const attachment = await declaring(server, '/webcyc/api/runner/runs/1/attachments', 6 * 1024 * 1024);
    expect(attachment.status).toBe(413);
    expect(JSON.parse(attachment.body)).toMatchObject({ msg: 'The file is larger than 5 MiB' });
  });

  it('limits slow clients with header, request and keep-alive timeouts', () => {
    const server = t().http() as Server;
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(120_000);
    expect(server.keepAliveTimeout).toBe(65_000);
  });

  it('answers an unknown path with 404 in the envelope', async () => {
    const res = await request(t().http()).get('/webcyc/api/health/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe(0);
  });

  it('refuses a body that is not JSON with a clear message', async () => {
    // a route that takes a body (an unknown path answers 404 without reading one)
    const res = await request(t().http())
      .post('/webcyc/api/login')
      .set('content-type', 'application/json')
      .send('{"broken":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 0, msg: 'The request body is not valid JSON', data: null });
  });

  it('refuses a body over the size limit', async () => {
    const res = await request(t().http())
      .post('/webcyc/api/health')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(3 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status: 0, msg: 'The request body is too large', data: null });
  });

  it('serves the OpenAPI document', async () => {
    const res = await request(t().http()).get('/webcyc/api/docs-json');
    expect(res.status).toBe(200);
    expect(res.body.paths['/webcyc/api/health']).toBeDefined();
  });
});
