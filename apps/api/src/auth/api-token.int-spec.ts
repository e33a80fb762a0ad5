import request from 'supertest';
import { call } from '../accounts/testing/settings-api';
import type { Member } from '../../test/fixtures';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';

describeEachDatabase('API token look-up (api-token.service.ts)', (t) => {
  let manager: Member;
  let token: string;
  let tokenId: number;

  const whoami = () => request(t().http()).get('/webcyc/api/user/whoami').set('x-auth-token', token);
  const lastUsed = async (): Promise<Date | null> =>
    (await t().dataSource.query('SELECT last_used_at FROM api_token WHERE id = $1', [tokenId]))[0]
      .last_used_at;
  const setLastUsed = (sql: string) =>
    t().dataSource.query(`UPDATE api_token SET last_used_at = ${sql} WHERE id = $1`, [tokenId]);

  beforeAll(async () => {
    manager = await createManager(t(), 'Token Lookups');
    const res = await call(t, 'post', '/user/api_tokens', manager.token, { name: 'Lab PC', role: 2 });
    ({ id: tokenId, token } = res.body.data);
  });

  it('records the first use', async () => {
    expect(await lastUsed()).toBeNull();
    expect((await whoami()).status).toBe(200);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('leaves last_used_at alone within a minute of the last write, so most calls only read', async () => {
    await setLastUsed(`now() - interval '30 seconds'`);
    const before = await lastUsed();
    for (let i = 0; i < 3; i++) expect((await whoami()).status).toBe(200);
    expect(await lastUsed()).toEqual(before);
  });

  it('writes it again once it is more than a minute old', async () => {
    await setLastUsed(`now() - interval '61 seconds'`);
    expect((await whoami()).status).toBe(200);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('refuses a revoked token, and one of an inactive account, at once though it was just used', async () => {
    expect((await whoami()).status).toBe(200);
    await t().dataSource.query('UPDATE account SET is_active = false WHERE id = $1', [manager.accountId]);
    expect((await whoami()).status).toBe(401);
    await t().dataSource.query('UPDATE account SET is_active = true WHERE id = $1', [manager.accountId]);
    expect((await whoami()).status).toBe(200);
    await call(t, 'delete', `/user/api_tokens/${tokenId}`, manager.token);
    const res = await whoami();
    expect([res.status, res.body.msg]).toEqual([401, 'Please log in']);
  });
});
