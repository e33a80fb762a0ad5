import request from 'supertest';
import { MSG, Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createAccount, createManager, createMember, FIXTURE_PASSWORD } from '../../test/fixtures';
import { latestLink, linkParams, outboxMails } from '../../test/mail';
import type { TestApp } from '../../test/test-app';
import { describeEachDatabase, RATE_WINDOW_MINUTES } from '../../test/test-app';
import { login, verifiedSession } from '../../test/verification';
import { LOGIN_MSG } from './login.service';

const API = '/webcyc/api';
const INVALID_LINK = 'This link is invalid or has expired';
const NEW_PASSWORD = 'brand-new-pass-7';

const mailsTo = (t: TestApp, email: string) => outboxMails(t.config.outboxDir).filter((m) => m.to === email);

async function forgetSignedOut(t: TestApp, email: string, headers: Record<string, string> = {}) {
  const token = await verifiedSession(t.http());
  return request(t.http())
    .post(`${API}/user/forget_pass`)
    .set(headers)
    .set('x-auth-token', token)
    .send({ email });
}

const forgetAs = (t: TestApp, caller: Member, email: string) =>
  request(t.http()).post(`${API}/user/forget_pass`).set('x-auth-token', caller.token).send({ email });

const resetPass = (t: TestApp, body: object) => request(t.http()).post(`${API}/user/reset_pass`).send(body);

const stateOf = async (t: TestApp, token: string) =>
  (await request(t.http()).get(`${API}/login_state`).set('x-auth-token', token)).body.data;

describeEachDatabase('forgotten and reset passwords', (t) => {
  describe('POST /user/forget_pass, signed out', () => {
    it('mails a set-password link to a live user', async () => {
      const manager = await createManager(t());
      const res = await forgetSignedOut(t(), manager.email.toUpperCase());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 1, msg: '', data: null });
      const [mail] = mailsTo(t(), manager.email);
      expect(mail!.subject).toBe('Set your Sweepline password');
      expect(mail!.text).toContain('asked to reset');
      const link = latestLink(t().config.outboxDir, '/ResetPass', manager.email)!;
      expect(link.startsWith(`${t().config.publicUrl}/ResetPass?email=`)).toBe(true);
      expect(linkParams(link).email).toBe(manager.email);
    });

    it('answers the same for an unknown address, and mails nothing', async () => {
      const before = outboxMails(t().config.outboxDir).length;
      const res = await forgetSignedOut(t(), 'nobody.here@example.com');
      expect(res.body).toEqual({ status: 1, msg: '', data: null });
      expect(outboxMails(t().config.outboxDir)).toHaveLength(before);
    });

    it('needs a fresh verification', async () => {
      const manager = await createManager(t());
      const res = await request(t().http()).post(`${API}/user/forget_pass`).send({ email: manager.email });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(MSG.completeVerification);
      expect(mailsTo(t(), manager.email)).toEqual([]);
    });

    it.each([
      ['an empty e-mail', { email: '' }, `email: ${MSG.enterEmail}`],
      ['an invalid e-mail', { email: 'a b@example.com' }, `email: ${MSG.invalidEmail}`],
      ['a missing e-mail', {}, 'email must be a string'],
      ['a wrong type', { email: ['a@b.co'] }, 'email must be a string'],
      ['an unknown field', { email: 'a@b.co', name: 'x' }, 'name: property name should not exist'],
    ])('refuses %s', async (_why, body, msg) => {
      const token = await verifiedSession(t().http());
      const res = await request(t().http())
        .post(`${API}/user/forget_pass`)
        .set('x-auth-token', token)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 0, msg, data: null });
    });
  });

  describe("POST /user/forget_pass, a manager resetting a user's password", () => {
    it('mails the user of the account without a verification', async () => {
      const manager = await createManager(t());
      const editor = await createMember(t(), manager.accountId, Role.Editor);
      const res = await forgetAs(t(), manager, editor.email);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(1);
      expect(mailsTo(t(), editor.email)[0]!.text).toContain('manager of your Sweepline account');
    });

    it("answers 404 for another account's user and for an unknown address, and mails nothing", async () => {
      const manager = await createManager(t());
      const stranger = await createMember(t(), await createAccount(t()), Role.Operator);
      for (const email of [stranger.email, 'nobody.there@example.com']) {
        const res = await forgetAs(t(), manager, email);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ status: 0, msg: 'User not found', data: null });
      }
      expect(mailsTo(t(), stranger.email)).toEqual([]);
    });

    it('treats an editor as anyone signed out: a verification is needed', async () => {
      const manager = await createManager(t());
      const editor = await createMember(t(), manager.accountId, Role.Editor);
      const operator = await createMember(t(), manager.accountId, Role.Operator);
      const res = await forgetAs(t(), editor, operator.email);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(MSG.completeVerification);
      expect(mailsTo(t(), operator.email)).toEqual([]);
    });
  });

  describe('POST /user/reset_pass', () => {
    it('sets the password from the link, ends every session and signs in with the new one', async () => {
      const manager = await createManager(t());
      await forgetSignedOut(t(), manager.email);
      const { email, code } = linkParams(latestLink(t().config.outboxDir, '/ResetPass', manager.email)!);
      const res = await resetPass(t(), { email, code, password: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 1, msg: '', data: null });
      expect((await stateOf(t(), manager.token)).role).toBe(Role.SignedOut);
      expect((await login(t().http(), manager.email, FIXTURE_PASSWORD)).body.msg).toBe(LOGIN_MSG.wrong);
      expect((await login(t().http(), manager.email, NEW_PASSWORD)).status).toBe(200);
      expect((await resetPass(t(), { email, code, password: NEW_PASSWORD })).body.msg).toBe(INVALID_LINK);
    });

    it('activates a user added by a manager, who has no password yet', async () => {
      const manager = await createManager(t());
      await t().dataSource.query(
        `INSERT INTO app_user (account_id, email, name, role, is_active) VALUES ($1, 'added.user@example.com', 'Added', 2, false)`,
        [manager.accountId],
      );
      expect((await login(t().http(), 'added.user@example.com', NEW_PASSWORD)).body.msg).toBe(
        LOGIN_MSG.wrong,
      );
      await forgetAs(t(), manager, 'added.user@example.com');
      const params = linkParams(latestLink(t().config.outboxDir, '/ResetPass', 'added.user@example.com')!);
      expect((await resetPass(t(), { ...params, password: NEW_PASSWORD })).status).toBe(200);
      const res = await login(t().http(), 'added.user@example.com', NEW_PASSWORD);
      expect(res.body.data).toEqual({ email: 'added.user@example.com', name: 'Added', role: Role.Operator });
    });

    it('activates a manager who never activated, and their account', async () => {
      const [account] = (await t().dataSource.query(
        `INSERT INTO account (name, is_active) VALUES ('Never activated', false) RETURNING id`,
      )) as { id: number }[];
      await t().dataSource.query(
        `INSERT INTO app_user (account_id, email, name, role, password_hash, is_active)
         VALUES ($1, 'late.manager@example.com', 'Late', 0, NULL, false)`,
        [account!.id],
      );
      await forgetSignedOut(t(), 'late.manager@example.com');
      const params = linkParams(latestLink(t().config.outboxDir, '/ResetPass', 'late.manager@example.com')!);
      expect((await resetPass(t(), { ...params, password: NEW_PASSWORD })).status).toBe(200);
      const [row] = (await t().dataSource.query(`SELECT is_active FROM account WHERE id = $1`, [
        account!.id,
      ])) as {
        is_active: boolean;
      }[];
      expect(row!.is_active).toBe(true);
    });

    it('refuses a password against the rule without using up the code, and a wrong code', async () => {
      const manager = await createManager(t());
      await forgetSignedOut(t(), manager.email);
      const params = linkParams(latestLink(t().config.outboxDir, '/ResetPass', manager.email)!);
      for (const [password, msg] of [
        ['', `password: ${MSG.enterPassword}`],
        ['letters-only', `password: ${MSG.passwordRule}`],
      ]) {
        const res = await resetPass(t(), { ...params, password });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ status: 0, msg, data: null });
      }
      const wrong = await resetPass(t(), { ...params, code: 'x', password: NEW_PASSWORD });
      expect(wrong.body.msg).toBe(INVALID_LINK);
      expect((await stateOf(t(), manager.token)).email).toBe(manager.email);
      expect((await resetPass(t(), { ...params, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('refuses an activation code, and an expired code', async () => {
      const manager = await createManager(t());
      await forgetSignedOut(t(), manager.email);
      const params = linkParams(latestLink(t().config.outboxDir, '/ResetPass', manager.email)!);
      await t().dataSource.query(`UPDATE verification_code SET purpose = 'activate' WHERE user_id = $1`, [
        manager.userId,
      ]);
      expect((await resetPass(t(), { ...params, password: NEW_PASSWORD })).body.msg).toBe(INVALID_LINK);
      await t().dataSource.query(
        `UPDATE verification_code SET purpose = 'reset', expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [manager.userId],
      );
      expect((await resetPass(t(), { ...params, password: NEW_PASSWORD })).body.msg).toBe(INVALID_LINK);
      expect((await login(t().http(), manager.email, FIXTURE_PASSWORD)).status).toBe(200);
    });

    it.each([
      ['a missing field', { email: 'a@b.co', code: 'x' }, 'password must be a string'],
      ['a wrong type', { email: 'a@b.co', code: 1, password: NEW_PASSWORD }, 'code must be a string'],
      [
        'an unknown field',
        { email: 'a@b.co', code: 'x', password: NEW_PASSWORD, confirm: NEW_PASSWORD },
        'confirm: property confirm should not exist',
      ],
    ])('refuses %s', async (_why, body, msg) => {
      const res = await resetPass(t(), body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    });
  });
});

describeEachDatabase(
  'password mail rate limits',
  (t) => {
    it('mails one address at most twice a window, and says so the third time', async () => {
      const manager = await createManager(t());
      expect((await forgetSignedOut(t(), manager.email, { 'x-forwarded-for': '10.2.0.1' })).status).toBe(200);
      expect((await forgetSignedOut(t(), manager.email, { 'x-forwarded-for': '10.2.0.2' })).status).toBe(200);
      const res = await forgetSignedOut(t(), manager.email, { 'x-forwarded-for': '10.2.0.3' });
      expect(res.status).toBe(429);
      expect(res.body.msg).toMatch(/^Too many attempts\. Try again in \d+ minutes?$/);
      expect(mailsTo(t(), manager.email)).toHaveLength(2);
    });

    it("limits a manager's resets of one user too", async () => {
      const manager = await createManager(t());
      const editor = await createMember(t(), manager.accountId, Role.Editor);
      expect((await forgetAs(t(), manager, editor.email)).status).toBe(200);
      expect((await forgetAs(t(), manager, editor.email)).status).toBe(200);
      expect((await forgetAs(t(), manager, editor.email)).status).toBe(429);
      expect(mailsTo(t(), editor.email)).toHaveLength(2);
    });
  },
  {
    rateLimit: {
      windowMinutes: RATE_WINDOW_MINUTES,
      loginPerEmail: 10,
      loginPerAddress: 50,
      mailPerEmail: 2,
      mailPerAddress: 20,
    },
  },
);
