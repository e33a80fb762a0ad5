import request from 'supertest';
import { Role } from '@sweepline/domain';
import { ROLE_MESSAGE } from '../accounts/account-rules';
import { call, MANAGER_ONLY } from '../accounts/testing/settings-api';
import { hashToken } from '../auth/tokens';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';

interface TokenRow {
  name: string;
  role: number;
  token_hash: string;
  created_by: number;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

describeEachDatabase('API tokens', (t) => {
  let manager: Member;
  let editor: Member;
  let operator: Member;
  let other: Member;
  let serial = 0;

  const send = (method: 'get' | 'post' | 'delete', path: string, token?: string, body?: object) =>
    call(t, method, path, token, body);
  const bearer = (path: string, token: string) =>
    request(t().http()).get(`/webcyc/api${path}`).set('authorization', `Bearer ${token}`);
  const create = async (owner: Member, role = Role.Operator, name = `ci ${++serial}`) => {
    const res = await send('post', '/user/api_tokens', owner.token, { name, role });
    expect(res.status).toBe(201);
    return res.body.data as { id: number; name: string; role: number; token: string };
  };
  const tokenRows = async (accountId: number) =>
    (await t().dataSource.query('SELECT * FROM api_token WHERE account_id = $1 ORDER BY id', [
      accountId,
    ])) as TokenRow[];

  beforeAll(async () => {
    manager = await createManager(t(), 'Acme RF');
    editor = await createMember(t(), manager.accountId, Role.Editor);
    operator = await createMember(t(), manager.accountId, Role.Operator);
    other = await createManager(t(), 'Other Co');
  });

  it('creates a token, shows its secret once and keeps only its hash', async () => {
    const res = await send('post', '/user/api_tokens', manager.token, { name: '  Line 3 PC  ', role: 2 });
    expect(res.status).toBe(201);
    const created = res.body.data;
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Line 3 PC',
      role: 2,
      token: expect.any(String),
    });
    expect(created.token).toMatch(/^swl_[A-Za-z0-9_-]{43}$/);
    const row = (await tokenRows(manager.accountId!)).find((r) => r.name === 'Line 3 PC')!;
    expect(row).toMatchObject({ role: 2, token_hash: hashToken(created.token), created_by: manager.userId });
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await send('get', '/user/api_tokens', manager.token);
    expect(list.status).toBe(200);
    const listed = list.body.data.find((x: { id: number }) => x.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Line 3 PC',
      role: 2,
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(new Date(listed.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(list.body)).not.toContain(created.token);
  });

  it('acts with its own role, in x-auth-token and as a Bearer token', async () => {
    const op = await create(manager, Role.Operator);
    for (const res of [await send('get', '/user/whoami', op.token), await bearer('/user/whoami', op.token)]) {
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        account_name: 'Acme RF',
        name: `token ${op.name}`,
        email: '',
        role: Role.Operator,
        api_token: { id: op.id, name: op.name },
      });
      // a reply to a token never hands out a session token
      expect(res.headers['x-auth-token']).toBeUndefined();
    }
    for (const res of [
      await send('get', '/user/account', op.token),
      await bearer('/user/account', op.token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ status: 0, msg: MANAGER_ONLY, data: null });
    }
    const ed = await create(manager, Role.Editor);
    expect((await bearer('/user/whoami', ed.token)).body.data.role).toBe(Role.Editor);
    expect((await send('post', '/user/api_tokens', ed.token, { name: 'escalate', role: 1 })).status).toBe(
      403,
    );
  });

  it('records when a token was last used', async () => {
    const op = await create(manager);
    await bearer('/user/whoami', op.token);
    const list = await send('get', '/user/api_tokens', manager.token);
    const listed = list.body.data.find((x: { id: number }) => x.id === op.id);
    expect(new Date(listed.lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('revokes a token: it stops working at once and leaves the list', async () => {
    const op = await create(manager);
    const res = await send('delete', `/user/api_tokens/${op.id}`, manager.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, msg: '', data: null });
    for (const r of [await send('get', '/user/whoami', op.token), await bearer('/user/whoami', op.token)]) {
      expect(r.status).toBe(401);
      expect(r.body.msg).toBe('Please log in');
    }
    const list = await send('get', '/user/api_tokens', manager.token);
    expect(list.body.data.map((x: { id: number }) => x.id)).not.toContain(op.id);
    expect((await send('delete', `/user/api_tokens/${op.id}`, manager.token)).status).toBe(404);
  });

  it('stops working while its account is not active', async () => {
    const owner = await createManager(t(), 'Paused Co');
    const op = await create(owner);
    expect((await send('get', '/user/whoami', op.token)).status).toBe(200);
    await t().dataSource.query('UPDATE account SET is_active = false WHERE id = $1', [owner.accountId]);
    expect((await send('get', '/user/whoami', op.token)).status).toBe(401);
  });

  it("never works for another account, nor shows or revokes another account's tokens", async () => {
    const mine = await create(manager);
    const theirs = await create(other);
    expect((await send('get', '/user/whoami', mine.token)).body.data.account_name).toBe('Acme RF');
    const list = await send('get', '/user/api_tokens', other.token);
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([theirs.id]);
    // ids that cannot be ids ('abc', '0') answer 400 as on every route: common/path-ids.int-spec.ts
    for (const id of [mine.id, 999999]) {
      const res = await send('delete', `/user/api_tokens/${id}`, other.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 0, msg: 'API token not found', data: null });
    }
    expect((await send('get', '/user/whoami', mine.token)).status).toBe(200);
  });

  it('refuses a second live token of the same name, in any case, until the first is revoked', async () => {
    const first = await create(manager, Role.Operator, 'Nightly');
    const before = (await tokenRows(manager.accountId!)).length;
    const res = await send('post', '/user/api_tokens', manager.token, { name: 'NIGHTLY', role: 1 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 0, msg: 'An API token with this name already exists', data: null });
    expect((await tokenRows(manager.accountId!)).length).toBe(before);
    await send('delete', `/user/api_tokens/${first.id}`, manager.token);
    await create(manager, Role.Editor, 'nightly');
    // another account may use the name
    await create(other, Role.Editor, 'Nightly');
  });

  it.each([
    [{ name: '', role: 2 }, 'name: Empty input'],
    [{ name: 'a:b', role: 2 }, 'name: Invalid character'],
    [{ name: 't'.repeat(101), role: 2 }, 'name: No more than 100 characters'],
    [{ name: 'Admin token', role: 0 }, ROLE_MESSAGE],
    [{ name: 'Admin token', role: -1 }, ROLE_MESSAGE],
    [{ name: 'Signed out', role: 3 }, ROLE_MESSAGE],
    [{ name: 'Text role', role: 'operator' }, 'role must be an integer number'],
    [{ role: 2 }, 'name must be a string'],
    [{ name: 'Own secret', role: 2, token: 'swl_mine' }, 'token: property token should not exist'],
  ])('refuses %j and creates nothing', async (body, msg) => {
    const before = (await tokenRows(manager.accountId!)).length;
    const res = await send('post', '/user/api_tokens', manager.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 0, msg, data: null });
    expect((await tokenRows(manager.accountId!)).length).toBe(before);
  });

  it('is for the manager only', async () => {
    const mine = await create(manager);
    const before = await tokenRows(manager.accountId!);
    const admin = await createMember(t(), null, Role.Admin);
    for (const member of [editor, operator, admin]) {
      for (const res of [
        await send('get', '/user/api_tokens', member.token),
        await send('post', '/user/api_tokens', member.token, { name: 'mine now', role: 1 }),
        await send('delete', `/user/api_tokens/${mine.id}`, member.token),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.status).toBe(0);
      }
    }
    expect((await send('get', '/user/api_tokens', editor.token)).body.msg).toBe(MANAGER_ONLY);
    for (const res of [
      await send('get', '/user/api_tokens'),
      await send('post', '/user/api_tokens', undefined, { name: 'anon', role: 1 }),
      await send('delete', `/user/api_tokens/${mine.id}`, 'swl_unknown'),
    ]) {
      expect(res.status).toBe(401);
    }
    expect(await tokenRows(manager.accountId!)).toEqual(before);
  });
});
