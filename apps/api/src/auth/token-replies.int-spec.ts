import request from 'supertest';
import { Role } from '@sweepline/domain';
import { createManager, createMember, FIXTURE_PASSWORD } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { fetchChallenge, login, solveChallenge } from '../../test/verification';

const API = '/webcyc/api';

/** Issue 42: a reply that carries a token (a session's or an API token's secret) is never cached. */
describeEachDatabase('replies that carry a token', (t) => {
  it('are no-store: the log-in, a verification that starts a session, a renewal', async () => {
    const member = await createMember(t(), (await createManager(t())).accountId, Role.Editor);
    const signIn = await login(t().http(), member.email, FIXTURE_PASSWORD);
    expect(signIn.status).toBe(200);
    expect(signIn.headers['x-auth-token']).toEqual(expect.any(String));
    expect(signIn.headers['cache-control']).toBe('no-store');

    const challenge = await fetchChallenge(t().http());
    const verified = await request(t().http())
      .post(`${API}/captcha`)
      .send(await solveChallenge(challenge));
    expect(verified.headers['x-auth-token']).toEqual(expect.any(String));
    expect(verified.headers['cache-control']).toBe('no-store');

    const renewed = await request(t().http()).get(`${API}/login_state`).set('x-auth-token', member.token);
    expect(renewed.headers['x-auth-token']).toBe(member.token);
    expect(renewed.headers['cache-control']).toBe('no-store');
  });

  it("are no-store: a new API token's secret", async () => {
    const manager = await createManager(t());
    const res = await request(t().http())
      .post(`${API}/user/api_tokens`)
      .set('x-auth-token', manager.token)
      .send({ name: 'CI', role: Role.Operator });
    expect(res.status).toBe(201);
    expect(res.body.data.token).toMatch(/^swl_/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a reply a browser may keep (the products, revalidated by ETag) carries no token', async () => {
    const manager = await createManager(t());
    const res = await request(t().http()).get(`${API}/user/edit`).set('x-auth-token', manager.token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-auth-token']).toBeUndefined();
  });
});
