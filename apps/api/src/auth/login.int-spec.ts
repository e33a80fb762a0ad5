import request from 'supertest';
import { MSG, Role } from '@sweepline/domain';
import { createManager, createMember, FIXTURE_PASSWORD } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { describeEachDatabase, RATE_WINDOW_MINUTES } from '../../test/test-app';
import { login, verifiedSession } from '../../test/verification';
import { LOGIN_MSG } from './login.service';
import { hashPassword } from './passwords';
import { hashToken } from './tokens';

const API = '/webcyc/api';
const SIGNED_OUT = { email: '', name: '', role: 3 };

async function sessionCount(t: TestApp, userId: number): Promise<number> {
  const [row] = (await t.dataSource.query(`SELECT count(*)::int AS n FROM session WHERE user_id = $1`, [
    userId,
  ])) as {
    n: number;
  }[];
  return row!.n;
}

describeEachDatabase('login state, log-in and log-out', (t) => {
  const postLogin = (token: string | undefined, body: object) => {
    const req = request(t().http()).post(`${API}/login`);
    return (token ? req.set('x-auth-token', token) : req).send(body);
  };

  describe('GET /login_state', () => {
    it('answers the signed-out user without a session, with an unknown token and for a visitor', async () => {
      const visitor = await verifiedSession(t().http());
      for (const token of [undefined, 'no-such-token', visitor]) {
        const req = request(t().http()).get(`${API}/login_state`);
        const res = await (token ? req.set('x-auth-token', token) : req);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 1, msg: '', data: SIGNED_OUT });
      }
    });

    it("answers the signed-in user's e-mail, name and role", async () => {
      const manager = await createManager(t());
      const res = await request(t().http()).get(`${API}/login_state`).set('x-auth-token', manager.token);
      expect(res.body).toEqual({
        status: 1,
        msg: '',
        data: { email: manager.email, name: manager.name, role: Role.Manager },
      });
      expect(res.headers['x-auth-token']).toBe(manager.token);
    });
  });

  describe('POST /login', () => {
    it('signs in with a new session token and ends the signed-out one', async () => {
      const member = await createMember(t(), (await createManager(t())).accountId, Role.Editor);
      const visitor = await verifiedSession(t().http());
      const res = await postLogin(visitor, { email: member.email.toUpperCase(), password: FIXTURE_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 1,
        msg: '',
        data: { email: member.email, name: member.name, role: Role.Editor },
      });
      const token = res.headers['x-auth-token'] as string;
      expect(token).toEqual(expect.any(String));
      expect(token).not.toBe(visitor);
      expect(
        await t().dataSource.query(`SELECT 1 FROM session WHERE token_hash = $1`, [hashToken(visitor)]),
      ).toEqual([]);
      const state = await request(t().http()).get(`${API}/login_state`).set('x-auth-token', token);
      expect(state.body.data).toEqual({ email: member.email, name: member.name, role: Role.Editor });
    });

    it('needs a fresh verification, and one verification buys one attempt', async () => {
      const manager = await createManager(t());
      const unverified = (await request(t().http()).get(`${API}/captcha/challenge`)).headers['x-auth-token'];
      for (const token of [undefined, unverified]) {
        const res = await postLogin(token, { email: manager.email, password: FIXTURE_PASSWORD });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ status: 0, msg: MSG.completeVerification, data: null });
      }
      const verified = await verifiedSession(t().http());
      expect((await postLogin(verified, { email: manager.email, password: 'wrong-pass-1' })).status).toBe(
        400,
      );
      const again = await postLogin(verified, { email: manager.email, password: FIXTURE_PASSWORD });
      expect(again.body.msg).toBe(MSG.completeVerification);
    });

    it('refuses a verification older than VERIFICATION_MINUTES', async () => {
      const manager = await createManager(t());
      const token = await verifiedSession(t().http());
      await t().dataSource.query(
        `UPDATE session SET verified_until = now() - interval '1 second' WHERE token_hash = $1`,
        [hashToken(token)],
      );
      const res = await postLogin(token, { email: manager.email, password: FIXTURE_PASSWORD });
      expect(res.body.msg).toBe(MSG.completeVerification);
    });

    it('says the same for an unknown e-mail and a wrong password, and makes no session', async () => {
      const manager = await createManager(t());
      const before = await sessionCount(t(), manager.userId);
      for (const [email, password] of [
        [manager.email, 'wrong-pass-1'],
        ['nobody@example.com', FIXTURE_PASSWORD],
      ]) {
        const res = await login(t().http(), email!, password!);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ status: 0, msg: LOGIN_MSG.wrong, data: null });
      }
      expect(await sessionCount(t(), manager.userId)).toBe(before);
    });

    it('refuses a deleted user as unknown, and a user not yet activated with a pointer to the mail', async () => {
      const manager = await createManager(t());
      const hash = await hashPassword(FIXTURE_PASSWORD);
      await t().dataSource.query(
        `INSERT INTO app_user (account_id, email, name, role, password_hash, is_active, deleted_at)
         VALUES ($1, 'gone@example.com', 'Gone', 1, $2, true, now()),
                ($1, 'waiting@example.com', 'Waiting', 1, $2, false, NULL)`,
        [manager.accountId, hash],
      );
      expect((await login(t().http(), 'gone@example.com', FIXTURE_PASSWORD)).body.msg).toBe(LOGIN_MSG.wrong);
      const waiting = await login(t().http(), 'waiting@example.com', FIXTURE_PASSWORD);
      expect(waiting.status).toBe(400);
      expect(waiting.body.msg).toBe(LOGIN_MSG.notActivated);
    });

    it.each([
      ['an empty e-mail', { email: '', password: 'x' }, `email: ${MSG.enterEmail}`],
      ['an invalid e-mail', { email: 'a@b', password: 'x' }, `email: ${MSG.invalidEmail}`],
      ['an empty password', { email: 'a@b.co', password: '' }, `password: ${MSG.enterPassword}`],
      ['a missing field', { email: 'a@b.co' }, 'password must be a string'],
      ['a wrong type', { email: 'a@b.co', password: 12345678 }, 'password must be a string'],
      [
        'an unknown field',
        { email: 'a@b.co', password: 'x', remember: true },
        'remember: property remember should not exist',
      ],
      [
        'an oversized field',
        { email: 'a@b.co', password: 'x'.repeat(1001) },
        'password must be shorter than or equal to 1000 characters',
      ],
    ])('refuses %s', async (_why, body, msg) => {
      const token = await verifiedSession(t().http());
      const res = await postLogin(token, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 0, msg, data: null });
    });

    it('refuses malformed JSON', async () => {
      const res = await request(t().http())
        .post(`${API}/login`)
        .set('content-type', 'application/json')
        .send('{"email":');
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('The request body is not valid JSON');
    });
  });

  describe('GET /logout', () => {
    it('ends the session: its token is refused afterwards', async () => {
      const manager = await createManager(t());
      const res = await request(t().http()).get(`${API}/logout`).set('x-auth-token', manager.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 1, msg: '', data: null });
      expect(res.headers['x-auth-token']).toBeUndefined();
      expect(await sessionCount(t(), manager.userId)).toBe(0);
      const after = await request(t().http())
        .put(`${API}/user/pass`)
        .set('x-auth-token', manager.token)
        .send({
          current_pass: FIXTURE_PASSWORD,
          new_pass: 'another-pass-2',
        });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ status: 0, msg: 'Please log in', data: null });
    });

    it('answers status 1 without a session or with an unknown token', async () => {
      for (const token of [undefined, 'no-such-token']) {
        const req = request(t().http()).get(`${API}/logout`);
        const res = await (token ? req.set('x-auth-token', token) : req);
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(1);
      }
    });
  });

  it('lists the calls in the OpenAPI document', async () => {
    const { paths } = (await request(t().http()).get(`${API}/docs-json`)).body;
    expect(paths[`${API}/login_state`].get).toBeDefined();
    expect(paths[`${API}/login`].post).toBeDefined();
    expect(paths[`${API}/logout`].get).toBeDefined();
    expect(paths[`${API}/user/signup`].post).toBeDefined();
    expect(paths[`${API}/user/activate`].post).toBeDefined();
    expect(paths[`${API}/user/forget_pass`].post).toBeDefined();
    expect(paths[`${API}/user/reset_pass`].post).toBeDefined();
    expect(paths[`${API}/user/pass`].put).toBeDefined();
  });
});

describeEachDatabase(
  'log-in rate limits',
  (t) => {
    it('refuses a fourth attempt on one e-mail, from any address, even with the right password', async () => {
      const manager = await createManager(t());
      const from = (address: string) => ({ 'x-forwarded-for': address });
      for (let i = 0; i < 3; i++) {
        expect((await login(t().http(), manager.email, 'wrong-pass-1', from(`10.0.0.${i + 1}`))).status).toBe(
          400,
        );
      }
      for (const password of ['wrong-pass-1', FIXTURE_PASSWORD]) {
        const res = await login(t().http(), manager.email.toUpperCase(), password, from('10.0.1.1'));
        expect(res.status).toBe(429);
        expect(res.body).toEqual({
          status: 0,
          msg: expect.stringMatching(/^Too many attempts\. Try again in \d+ minutes?$/),
          data: null,
        });
      }
    });

    it('refuses a sixth attempt from one address, whatever the e-mail', async () => {
      const from = { 'x-forwarded-for': '10.0.2.1' };
      for (let i = 0; i < 5; i++) {
        expect((await login(t().http(), `nobody${i}@example.com`, 'wrong-pass-1', from)).status).toBe(400);
      }
      expect((await login(t().http(), 'nobody9@example.com', 'wrong-pass-1', from)).status).toBe(429);
      expect(
        (await login(t().http(), 'nobody9@example.com', 'wrong-pass-1', { 'x-forwarded-for': '10.0.2.2' }))
          .status,
      ).toBe(400);
    });
  },
  {
    rateLimit: {
      windowMinutes: RATE_WINDOW_MINUTES,
      loginPerEmail: 3,
      loginPerAddress: 5,
      mailPerEmail: 3,
      mailPerAddress: 20,
    },
  },
);
