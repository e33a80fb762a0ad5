import request from 'supertest';
import { describeEachDatabase } from '../../test/test-app';

describeEachDatabase('service basics', (t) => {
  it('answers the health call in the envelope', async () => {
    const res = await request(t().http()).get('/webcyc/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, msg: '', data: { ok: true } });
  });

  it('answers an unknown path with 404 in the envelope', async () => {
    const res = await request(t().http()).get('/webcyc/api/health/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe(0);
  });

  it('refuses a body that is not JSON with a clear message', async () => {
    const res = await request(t().http())
      .post('/webcyc/api/health')
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
