import request from 'supertest';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createAccount, createManager, createMember } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-app';
import { call, MANAGER_ONLY } from './testing/settings-api';

describeEachDatabase('accounts: the Account section of Settings', (t) => {
  let manager: Member;
  let editor: Member;
  let operator: Member;

  const send = (method: 'get' | 'put', path: string, token?: string, body?: object) =>
    call(t, method, path, token, body);

  const accountRow = async (app: TestApp, id: number) =>
    ((await app.dataSource.query('SELECT name FROM account WHERE id = $1', [id])) as { name: string }[])[0]!
      .name;
  const userName = async (app: TestApp, id: number) =>
    ((await app.dataSource.query('SELECT name FROM app_user WHERE id = $1', [id])) as { name: string }[])[0]!
      .name;

  beforeAll(async () => {
    manager = await createManager(t(), 'Acme RF');
    editor = await createMember(t(), manager.accountId, Role.Editor, 'bob');
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Alice');
  });

  describe('GET /user/account', () => {
    it('answers the account, its manager and the other users sorted by name, case-insensitively', async () => {
      const accountId = manager.accountId!;
      const carol = await createMember(t(), accountId, Role.Operator, 'carol');
      const alan = await createMember(t(), accountId, Role.Editor, 'alan');
      // a user added but not yet activated, and one deleted: only the first is listed
      await t().dataSource.query(
        `INSERT INTO app_user (account_id, email, name, role, is_active)
         VALUES ($1, 'waiting@example.com', 'Zed', 2, false)`,
        [accountId],
      );
      await t().dataSource.query(
        `INSERT INTO app_user (account_id, email, name, role, is_active, deleted_at)
         VALUES ($1, 'gone@example.com', 'Abe', 1, true, now())`,
        [accountId],
      );
      const other = await createManager(t());
      await createMember(t(), other.accountId, Role.Editor, 'Aaron');

      const res = await send('get', '/user/account', manager.token);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(1);
      const data = res.body.data;
      expect(data).toMatchObject({
        account_name: 'Acme RF',
        manager_name: manager.name,
        manager_email: manager.email,
      });
      expect(data.user_list.map((u: { name: string }) => u.name)).toEqual([
        'alan',
        'Alice',
        'bob',
        'carol',
        'Zed',
      ]);
      expect(data.user_list[0]).toEqual({
        id: alan.userId,
        name: 'alan',
        email: alan.email,
        role: 1,
        active: true,
      });
      expect(data.user_list[3]).toEqual({
        id: carol.userId,
        name: 'carol',
        email: carol.email,
        role: 2,
        active: true,
      });
      expect(data.user_list[4]).toMatchObject({ name: 'Zed', email: 'waiting@example.com', active: false });
    });

    it("is the manager's only: editors and operators get 403", async () => {
      for (const member of [editor, operator]) {
        const res = await send('get', '/user/account', member.token);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ status: 0, msg: MANAGER_ONLY, data: null });
      }
    });

    it('needs a session, and a customer account', async () => {
      const anonymous = await send('get', '/user/account');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ status: 0, msg: 'Please log in', data: null });
      const expired = await send('get', '/user/account', 'not-a-session');
      expect(expired.status).toBe(401);
      const admin = await createMember(t(), null, Role.Admin);
      const res = await send('get', '/user/account', admin.token);
      expect(res.status).toBe(403);
      expect(res.body.status).toBe(0);
    });
  });

  describe.each([
    ['account_name', (app: TestApp, m: Member) => accountRow(app, m.accountId!)],
    ['manager_name', (app: TestApp, m: Member) => userName(app, m.userId)],
  ] as const)('PUT /user/%s', (field, stored) => {
    it('stores the name trimmed and answers it', async () => {
      const m = await createManager(t());
      const res = await send('put', `/user/${field}`, m.token, { name: '  New Name 2  ' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 1, msg: '', data: { [field]: 'New Name 2' } });
      expect(await stored(t(), m)).toBe('New Name 2');
      const account = await send('get', '/user/account', m.token);
      expect(account.body.data[field]).toBe('New Name 2');
    });

    it.each([
      [{ name: '' }, 'name: Empty input'],
      [{ name: '   ' }, 'name: Empty input'],
      [{ name: 'a/b' }, 'name: Invalid character'],
      [{ name: 'tab\there' }, 'name: Invalid character'],
      [{ name: 'x'.repeat(101) }, 'name: No more than 100 characters'],
      [{ name: 42 }, 'name must be a string'],
      [{}, 'name must be a string'],
      [{ name: 'ok', extra: 1 }, 'extra: property extra should not exist'],
    ])('refuses %j with a message and changes nothing', async (body, msg) => {
      const m = await createManager(t(), 'Unchanged');
      const before = await stored(t(), m);
      const res = await send('put', `/user/${field}`, m.token, body);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(0);
      expect(res.body.msg).toBe(msg);
      expect(await stored(t(), m)).toBe(before);
    });

    it('accepts a name of exactly 100 characters', async () => {
      const m = await createManager(t());
      const res = await send('put', `/user/${field}`, m.token, { name: 'y'.repeat(100) });
      expect(res.status).toBe(200);
      expect(await stored(t(), m)).toBe('y'.repeat(100));
    });

    it('refuses a body that is not JSON', async () => {
      const res = await request(t().http())
        .put(`/webcyc/api/user/${field}`)
        .set('x-auth-token', manager.token)
        .set('content-type', 'application/json')
        .send('{"name":');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 0, msg: 'The request body is not valid JSON', data: null });
    });

    it('refuses editors, operators, the administrator and callers without a session, changing nothing', async () => {
      const before = await stored(t(), manager);
      for (const member of [editor, operator]) {
        const res = await send('put', `/user/${field}`, member.token, { name: 'Hijack' });
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe(MANAGER_ONLY);
      }
      const admin = await createMember(t(), null, Role.Admin);
      expect((await send('put', `/user/${field}`, admin.token, { name: 'Hijack' })).status).toBe(403);
      expect((await send('put', `/user/${field}`, undefined, { name: 'Hijack' })).status).toBe(401);
      expect(await stored(t(), manager)).toBe(before);
    });

    it("changes only the caller's own account", async () => {
      const other = await createManager(t(), 'Other Co');
      const otherBefore = await stored(t(), other);
      const m = await createManager(t());
      await send('put', `/user/${field}`, m.token, { name: 'Mine' });
      expect(await stored(t(), other)).toBe(otherBefore);
    });
  });

  describe('GET /user/whoami', () => {
    it('answers any member with their account and role', async () => {
      for (const [member, role] of [
        [manager, Role.Manager],
        [editor, Role.Editor],
        [operator, Role.Operator],
      ] as const) {
        const res = await send('get', '/user/whoami', member.token);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({
          account_name: await accountRow(t(), member.accountId!),
          name: member.name,
          email: member.email,
          role,
          api_token: null,
        });
      }
    });

    it('shows a new manager name at once', async () => {
      const m = await createManager(t());
      await send('put', '/user/manager_name', m.token, { name: 'Renamed' });
      expect((await send('get', '/user/whoami', m.token)).body.data.name).toBe('Renamed');
    });

    it('refuses the administrator, who has no account, and callers without a session', async () => {
      const admin = await createMember(t(), null, Role.Admin);
      const res = await send('get', '/user/whoami', admin.token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ status: 0, msg: 'This call needs a customer account', data: null });
      expect((await send('get', '/user/whoami')).status).toBe(401);
    });
  });

  it('keeps accounts apart: a fresh account has an empty user list', async () => {
    const accountId = await createAccount(t(), 'Empty Co');
    const m = await createMember(t(), accountId, Role.Manager);
    const res = await send('get', '/user/account', m.token);
    expect(res.body.data).toEqual({
      account_name: 'Empty Co',
      manager_name: m.name,
      manager_email: m.email,
      user_list: [],
    });
  });

  it('lists its calls, the users and the API tokens in the OpenAPI document', async () => {
    const res = await request(t().http()).get('/webcyc/api/docs-json');
    for (const path of [
      '/webcyc/api/user/account',
      '/webcyc/api/user/account_name',
      '/webcyc/api/user/manager_name',
      '/webcyc/api/user/whoami',
      '/webcyc/api/user',
      '/webcyc/api/user/{id}',
      '/webcyc/api/user/reactivate/{id}',
      '/webcyc/api/user/api_tokens',
      '/webcyc/api/user/api_tokens/{id}',
    ]) {
      expect(res.body.paths[path]).toBeDefined();
    }
  });
});
