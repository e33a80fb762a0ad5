import request from 'supertest';
import { LIMITS, MSG, Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember, FIXTURE_PASSWORD } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { describeEachDatabase, RATE_WINDOW_MINUTES } from '../../test/test-app';
import { login } from '../../test/verification';
import { PASSWORD_MSG } from './password.service';
import { API_TOKEN_PREFIX, hashToken, newToken } from './tokens';

const API = '/webcyc/api';
const NEW_PASSWORD = 'brand-new-pass-7';

const changePass = (t: TestApp, token: string, body: object) =>
  request(t.http()).put(`${API}/user/pass`).set('x-auth-token', token).send(body);

/** A second live session of the member, to see which sessions a password change ends. */
async function secondSession(t: TestApp, member: Member): Promise<string> {
  const token = newToken();
  await t.dataSource.query(
    `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
    [hashToken(token), member.userId],
  );
  return token;
}

const stateOf = async (t: TestApp, token: string) =>
  (await request(t.http()).get(`${API}/login_state`).set('x-auth-token', token)).body.data;

const operator = async (t: TestApp) => createMember(t, (await createManager(t)).accountId, Role.Operator);

describeEachDatabase('PUT /user/pass', (t) => {
  it('changes the password, keeps this session and ends the others', async () => {
    const member = await operator(t());
    const other = await secondSession(t(), member);
    const res = await changePass(t(), member.token, {
      current_pass: FIXTURE_PASSWORD,
      new_pass: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, msg: '', data: null });
    expect(res.headers['x-auth-token']).toBe(member.token);
    expect((await stateOf(t(), member.token)).email).toBe(member.email);
    expect((await stateOf(t(), other)).role).toBe(Role.SignedOut);
    expect((await login(t().http(), member.email, FIXTURE_PASSWORD)).status).toBe(400);
    expect((await login(t().http(), member.email, NEW_PASSWORD)).status).toBe(200);
  });

  it.each([
    [
      'a wrong current password',
      { current_pass: 'not-it-123', new_pass: NEW_PASSWORD },
      PASSWORD_MSG.currentWrong,
    ],
    [
      'an empty current password',
      { current_pass: '', new_pass: NEW_PASSWORD },
      `current_pass: ${MSG.enterCurrentPassword}`,
    ],
    [
      'an empty new password',
      { current_pass: FIXTURE_PASSWORD, new_pass: '' },
      `new_pass: ${MSG.enterNewPassword}`,
    ],
    [
      'a new password against the rule',
      { current_pass: FIXTURE_PASSWORD, new_pass: '12345678' },
      `new_pass: ${MSG.passwordRule}`,
    ],
    [
      'a new password longer than the inputs take',
      { current_pass: FIXTURE_PASSWORD, new_pass: `a1${'x'.repeat(LIMITS.passwordMaxLength - 1)}` },
      `new_pass: ${MSG.noMoreThanCharacters(LIMITS.passwordMaxLength)}`,
    ],
    ['a missing field', { current_pass: FIXTURE_PASSWORD }, 'new_pass must be a string'],
    ['a wrong type', { current_pass: FIXTURE_PASSWORD, new_pass: 12345678 }, 'new_pass must be a string'],
    [
      'an unknown field',
      { current_pass: FIXTURE_PASSWORD, new_pass: NEW_PASSWORD, x: 1 },
      'x: property x should not exist',
    ],
    [
      'an oversized field',
      { current_pass: FIXTURE_PASSWORD, new_pass: `a1${'x'.repeat(999)}` },
      'new_pass must be shorter than or equal to 1000 characters',
    ],
  ])('refuses %s, keeps the password and the other sessions', async (_why, body, msg) => {
    const member = await operator(t());
    const other = await secondSession(t(), member);
    const res = await changePass(t(), member.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 0, msg, data: null });
    expect((await stateOf(t(), other)).email).toBe(member.email);
    expect((await login(t().http(), member.email, FIXTURE_PASSWORD)).status).toBe(200);
  });

  it('refuses a caller without a session (401) and an API token (403)', async () => {
    const manager = await createManager(t());
    const body = { current_pass: FIXTURE_PASSWORD, new_pass: NEW_PASSWORD };
    const anonymous = await request(t().http()).put(`${API}/user/pass`).send(body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: 0, msg: 'Please log in', data: null });
    const apiToken = newToken(API_TOKEN_PREFIX);
    await t().dataSource.query(
      `INSERT INTO api_token (account_id, name, role, token_hash, created_by) VALUES ($1, 'ci', 1, $2, $3)`,
      [manager.accountId, hashToken(apiToken), manager.userId],
    );
    const res = await changePass(t(), apiToken, body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 0, msg: PASSWORD_MSG.sessionOnly, data: null });
    expect((await login(t().http(), manager.email, FIXTURE_PASSWORD)).status).toBe(200);
  });
});

describeEachDatabase(
  'password change rate limit',
  (t) => {
    it('refuses a third change in a window, even with the right password', async () => {
      const member = await operator(t());
      const wrong = { current_pass: 'not-it-123', new_pass: NEW_PASSWORD };
      expect((await changePass(t(), member.token, wrong)).status).toBe(400);
      expect((await changePass(t(), member.token, wrong)).status).toBe(400);
      const res = await changePass(t(), member.token, {
        current_pass: FIXTURE_PASSWORD,
        new_pass: NEW_PASSWORD,
      });
      expect(res.status).toBe(429);
      expect(res.body.msg).toMatch(/^Too many attempts\. Try again in \d+ minutes?$/);
      expect((await login(t().http(), member.email, FIXTURE_PASSWORD)).status).toBe(200);
    });
  },
  {
    rateLimit: {
      windowMinutes: RATE_WINDOW_MINUTES,
      loginPerEmail: 2,
      loginPerAddress: 50,
      mailPerEmail: 3,
      mailPerAddress: 20,
    },
  },
);
