import request from 'supertest';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { addProduct, API, editorApi } from '../editor/testing/editor-api';
import { getBytes, parseJson, unpack } from './testing/export-archive';

const INVALID = { status: 0, msg: 'This link is invalid or has expired', data: null };

describeEachDatabase('export links (POST /user/export/link, GET /user/export/download)', (t) => {
  let manager: Member;
  let editor: Member;

  const newLink = async (member: Member) => {
    const res = await request(t().http()).post(`${API}/user/export/link`).set('x-auth-token', member.token);
    expect(res.status).toBe(201);
    return (res.body as { data: { url: string } }).data.url;
  };
  // a browser's navigation: no session header
  const follow = (url: string) => getBytes(request(t().http()).get(url));

  beforeAll(async () => {
    manager = await createManager(t(), 'Linked RF');
    editor = await createMember(t(), manager.accountId, Role.Editor, 'Eddie');
    await addProduct(editorApi(t, manager), 'Isolator');
  });

  it("answers the account's archive to whoever follows the link, without a session header", async () => {
    const url = await newLink(manager);
    expect(url).toMatch(/^\/webcyc\/api\/user\/export\/download\?code=[A-Za-z0-9_-]{43}$/);
    const res = await follow(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sweepline-export-[\d-]+\.tar"$/,
    );
    const files = await unpack(res.body as Buffer);
    expect(parseJson<{ account: { name: string } }>(files.get('account.json')).account.name).toBe(
      'Linked RF',
    );
    expect(parseJson<{ name: string }[]>(files.get('products/00001.json')).map((p) => p.name)).toEqual([
      'Isolator',
    ]);
    expect([...files.keys()].at(-1)).toBe('summary.json');
  });

  it('works once', async () => {
    const url = await newLink(manager);
    expect((await follow(url)).status).toBe(200);
    const again = await request(t().http()).get(url);
    expect([again.status, again.body]).toEqual([400, INVALID]);
  });

  it('is replaced by a newer link', async () => {
    const older = await newLink(manager);
    const newer = await newLink(manager);
    expect((await request(t().http()).get(older)).body).toEqual(INVALID);
    expect((await follow(newer)).status).toBe(200);
  });

  it('expires after a minute', async () => {
    const url = await newLink(manager);
    await t().dataSource.query(
      `UPDATE verification_code SET expires_at = now() - interval '1 second' WHERE purpose = 'export'`,
    );
    const res = await request(t().http()).get(url);
    expect([res.status, res.body]).toEqual([400, INVALID]);
  });

  it.each([
    // the request's own check names the field, as every refused query does
    ['a code of the wrong shape', 'not-a-code', `code: ${INVALID.msg}`],
    ['no code', undefined, `code: ${INVALID.msg}`],
    ['a code nobody issued', 'A'.repeat(43), INVALID.msg],
  ])('refuses %s', async (_what, code, msg) => {
    const res = await request(t().http())
      .get(`${API}/user/export/download`)
      .query(code === undefined ? {} : { code });
    expect([res.status, res.body]).toEqual([400, { ...INVALID, msg }]);
  });

  it.each([
    ['an editor', () => editor, 403, 'Your role may not do this: it needs the account manager'],
    ['nobody signed in', () => undefined, 401, 'Please log in'],
  ])('is not issued to %s', async (_who, member, status, msg) => {
    const res = await request(t().http())
      .post(`${API}/user/export/link`)
      .set(member() ? { 'x-auth-token': member()!.token } : {});
    expect([res.status, res.body]).toEqual([status, { status: 0, msg, data: null }]);
  });

  it('is refused when its manager was deactivated after asking for it', async () => {
    const other = await createManager(t(), 'Closed RF');
    const url = await newLink(other);
    await t().dataSource.query('UPDATE app_user SET is_active = false WHERE id = $1', [other.userId]);
    const res = await request(t().http()).get(url);
    expect([res.status, res.body]).toEqual([
      403,
      { status: 0, msg: 'Only the account manager can export the account', data: null },
    ]);
  });
});
