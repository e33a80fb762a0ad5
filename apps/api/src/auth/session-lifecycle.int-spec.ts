import request from 'supertest';
import { Role } from '@sweepline/domain';
import { createManager, FIXTURE_PASSWORD } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-app';
import { login } from '../../test/verification';
import { hashToken } from './tokens';

const API = '/webcyc/api';

const expiresAt = async (t: TestApp, token: string): Promise<number> => {
  const [row] = (await t.dataSource.query(`SELECT expires_at FROM session WHERE token_hash = $1`, [
    hashToken(token),
  ])) as { expires_at: Date }[];
  return row!.expires_at.getTime();
};

/** Sets columns of the token's session row, e.g. `expires_at = now()`. */
const setSession = (t: TestApp, token: string, assignments: string) =>
  t.dataSource.query(`UPDATE session SET ${assignments} WHERE token_hash = $1`, [hashToken(token)]);

/** A call that needs a signed-in user (its body is refused after the guard let it through). */
const signedInCall = (t: TestApp, token: string) =>
  request(t.http()).put(`${API}/user/pass`).set('x-auth-token', token).send({});

// Issue 4: every request may carry x-auth-token; a reply that renews it carries it back; no session is 401.
describeEachDatabase(
  'session expiry and renewal',
  (t) => {
    /** A signed-in call on a session an hour old that expires in `expiresIn`: its expiry before and after. */
    async function callExpiringIn(expiresIn: string): Promise<{ before: number; after: number }> {
      const manager = await createManager(t());
      await setSession(
        t(),
        manager.token,
        `expires_at = now() + interval '${expiresIn}', created_at = now() - interval '1 hour'`,
      );
      const before = await expiresAt(t(), manager.token);
      const res = await signedInCall(t(), manager.token);
      expect(res.status).toBe(400);
      expect(res.headers['x-auth-token']).toBe(manager.token);
      return { before, after: await expiresAt(t(), manager.token) };
    }

    it('renews the idle expiry of a signed-in call and echoes the token', async () => {
      const { before, after } = await callExpiringIn('5 minutes');
      expect(after).toBeGreaterThan(before);
      expect(after).toBeGreaterThan(Date.now() + 59 * 60_000);
    });

    it('leaves a session renewed less than a minute ago unwritten', async () => {
      const { before, after } = await callExpiringIn('59 minutes 30 seconds');
      expect(after).toBe(before);
    });

    it('never renews past the absolute expiry', async () => {
      const manager = await createManager(t());
      await setSession(t(), manager.token, `created_at = now() - interval '2 hours 50 minutes'`);
      await signedInCall(t(), manager.token);
      expect(await expiresAt(t(), manager.token)).toBeLessThan(Date.now() + 11 * 60_000);
    });

    it('answers 401 for an expired session, and the login state is signed out', async () => {
      const manager = await createManager(t());
      await setSession(t(), manager.token, `expires_at = now() - interval '1 second'`);
      const res = await signedInCall(t(), manager.token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 0, msg: 'Please log in', data: null });
      expect(res.headers['x-auth-token']).toBeUndefined();
      const state = await request(t().http()).get(`${API}/login_state`).set('x-auth-token', manager.token);
      expect(state.body.data).toEqual({ email: '', name: '', role: Role.SignedOut });
    });

    it('makes the token of a logged-out session answer 401', async () => {
      const manager = await createManager(t());
      const token = (await login(t().http(), manager.email, FIXTURE_PASSWORD)).headers[
        'x-auth-token'
      ] as string;
      expect((await signedInCall(t(), token)).status).toBe(400);
      await request(t().http()).get(`${API}/logout`).set('x-auth-token', token);
      expect((await signedInCall(t(), token)).status).toBe(401);
      expect((await signedInCall(t(), manager.token)).status).toBe(400);
    });
  },
  { sessionIdleMinutes: 60, sessionMaxHours: 3 },
);
