import { Role } from '@sweepline/domain';
import { ROLE_MESSAGE } from '../accounts/account-rules';
import {
  createSettingsMembers,
  MANAGER_ONLY,
  newEmail,
  resetLinkIn,
  usersApi,
} from '../accounts/testing/settings-api';
import { hashToken } from '../auth/tokens';
import type { Member } from '../../test/fixtures';
import { createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';

describeEachDatabase('users: add, edit and delete (Settings)', (t) => {
  let manager: Member, editor: Member, operator: Member, other: Member, otherUser: Member;
  beforeAll(async () => {
    ({ manager, editor, operator, other, otherUser } = await createSettingsMembers(t()));
  });
  const { send, addUser, mailsTo, openResetCodes, userRow, userCount } = usersApi(t, () => manager.token);

  describe('POST /user', () => {
    it('adds an inactive user without a password and mails a link to choose one', async () => {
      const email = newEmail();
      const res = await send('post', '/user', manager.token, { name: '  Dana  ', email, role: 1 });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe(1);
      const user = res.body.data;
      expect(user).toEqual({ id: expect.any(Number), name: 'Dana', email, role: 1, active: false });
      expect(await userRow(user.id)).toMatchObject({
        account_id: manager.accountId,
        name: 'Dana',
        role: 1,
        is_active: false,
        password_hash: null,
      });

      const mails = mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('Acme RF');
      const link = new URL(resetLinkIn(mails[0]!));
      expect(`${link.origin}${link.pathname}`).toBe(`${t().config.publicUrl}/ResetPass`);
      expect(link.searchParams.get('email')).toBe(email);
      const code = link.searchParams.get('code')!;
      expect(await openResetCodes(user.id)).toEqual([{ code_hash: hashToken(code) }]);

      const account = await send('get', '/user/account', manager.token);
      expect(account.body.data.user_list).toContainEqual(user);
    });

    it("refuses an e-mail address of the account's own users and manager, in any case", async () => {
      for (const email of [editor.email.toUpperCase(), manager.email]) {
        const before = await userCount();
        const res = await send('post', '/user', manager.token, { name: 'Copy', email, role: 2 });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ status: 0, msg: 'This e-mail address is already registered', data: null });
        expect(await userCount()).toBe(before);
        expect(mailsTo(email)).toHaveLength(0);
      }
    });

    it('lets the address of a deleted user be used again', async () => {
      const first = await addUser();
      expect((await send('delete', `/user/${first.id}`, manager.token)).status).toBe(200);
      const again = await addUser({ email: first.email });
      expect(again.id).not.toBe(first.id);
    });

    it.each([
      [{ name: '' }, 'name: Empty input'],
      [{ name: '  ' }, 'name: Empty input'],
      [{ name: 'a|b' }, 'name: Invalid character'],
      [{ name: 'n'.repeat(101) }, 'name: No more than 100 characters'],
      [{ email: '' }, 'email: Input email'],
      [{ email: 'not-an-address' }, 'email: Invalid email address'],
      [{ email: ' padded@example.com' }, 'email: Invalid email address'],
      [{ role: 0 }, ROLE_MESSAGE],
      [{ role: -1 }, ROLE_MESSAGE],
      [{ role: 3 }, ROLE_MESSAGE],
      [{ role: '1' }, 'role must be an integer number'],
      [{ role: 1.5 }, 'role must be an integer number'],
      [{ name: null }, 'name must be a string'],
      [{ email: 7 }, 'email must be a string'],
      [{ password: 'secret-123' }, 'password: property password should not exist'],
    ])('refuses %j with a message, adding nobody and mailing nobody', async (patch, msg) => {
      const email = newEmail();
      const before = await userCount();
      const res = await send('post', '/user', manager.token, { name: 'Valid', email, role: 2, ...patch });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 0, msg, data: null });
      expect(await userCount()).toBe(before);
      expect(mailsTo(email)).toHaveLength(0);
    });

    it('refuses a body with a field missing', async () => {
      const res = await send('post', '/user', manager.token, { name: 'No Role', email: newEmail() });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('role must be an integer number');
    });

    it('refuses editors, operators, the administrator and callers without a session', async () => {
      const before = await userCount();
      const body = { name: 'Sneaky', email: newEmail(), role: 1 };
      for (const member of [editor, operator]) {
        const res = await send('post', '/user', member.token, body);
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe(MANAGER_ONLY);
      }
      const admin = await createMember(t(), null, Role.Admin);
      expect((await send('post', '/user', admin.token, body)).status).toBe(403);
      expect((await send('post', '/user', undefined, body)).status).toBe(401);
      // the admin fixture itself is the one new row
      expect(await userCount()).toBe(before + 1);
      expect(mailsTo(body.email)).toHaveLength(0);
    });
  });

  describe('PUT /user/{id}', () => {
    it('changes the name (trimmed) and the role, and the user acts with the new role at once', async () => {
      const member = await createMember(t(), manager.accountId, Role.Operator, 'Old');
      const res = await send('put', `/user/${member.userId}`, manager.token, { name: ' Eve ', role: 1 });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        id: member.userId,
        name: 'Eve',
        email: member.email,
        role: 1,
        active: true,
      });
      expect(await userRow(member.userId)).toMatchObject({ name: 'Eve', role: 1 });
      const me = await send('get', '/user/whoami', member.token);
      expect(me.body.data).toMatchObject({ name: 'Eve', role: 1 });
    });

    it.each([
      [{ name: '', role: 1 }, 'name: Empty input'],
      [{ name: 'a*b', role: 1 }, 'name: Invalid character'],
      [{ name: 'n'.repeat(101), role: 1 }, 'name: No more than 100 characters'],
      [{ name: 'Fine', role: 0 }, ROLE_MESSAGE],
      [{ name: 'Fine', role: '2' }, 'role must be an integer number'],
      [{ name: 'Fine' }, 'role must be an integer number'],
      [{ role: 1 }, 'name must be a string'],
      [{ name: 'Fine', role: 1, email: 'x@example.com' }, 'email: property email should not exist'],
    ])('refuses %j and changes nothing', async (body, msg) => {
      const member = await createMember(t(), manager.accountId, Role.Operator, 'Kept');
      const res = await send('put', `/user/${member.userId}`, manager.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 0, msg, data: null });
      expect(await userRow(member.userId)).toMatchObject({ name: 'Kept', role: 2, email: member.email });
    });

    // ids that cannot be ids ('abc', '0') answer 400 as on every route: common/path-ids.int-spec.ts
    it("answers 404 for another account's user, the manager, a deleted user and ids that name nobody", async () => {
      const deleted = await addUser();
      await send('delete', `/user/${deleted.id}`, manager.token);
      for (const id of [otherUser.userId, other.userId, manager.userId, deleted.id, 987654]) {
        const res = await send('put', `/user/${id}`, manager.token, { name: 'Taken Over', role: 1 });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ status: 0, msg: 'User not found', data: null });
      }
      expect(await userRow(otherUser.userId)).toMatchObject({ name: 'Theirs', role: 1 });
      expect(await userRow(manager.userId)).toMatchObject({ name: manager.name, role: 0 });
    });

    it('refuses editors, operators and callers without a session', async () => {
      for (const member of [editor, operator]) {
        const res = await send('put', `/user/${operator.userId}`, member.token, {
          name: 'Promoted',
          role: 1,
        });
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe(MANAGER_ONLY);
      }
      expect(
        (await send('put', `/user/${operator.userId}`, undefined, { name: 'Promoted', role: 1 })).status,
      ).toBe(401);
      expect(await userRow(operator.userId)).toMatchObject({ name: operator.name, role: 2 });
    });
  });

  describe('DELETE /user/{id}', () => {
    it('deletes softly and ends the sessions of the user', async () => {
      const member = await createMember(t(), manager.accountId, Role.Editor);
      expect((await send('get', '/user/whoami', member.token)).status).toBe(200);
      const res = await send('delete', `/user/${member.userId}`, manager.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 1, msg: '', data: null });
      expect((await userRow(member.userId)).deleted_at).toBeInstanceOf(Date);
      expect((await send('get', '/user/whoami', member.token)).status).toBe(401);
      const account = await send('get', '/user/account', manager.token);
      expect(account.body.data.user_list.map((u: { id: number }) => u.id)).not.toContain(member.userId);
      expect((await send('delete', `/user/${member.userId}`, manager.token)).status).toBe(404);
    });

    it("answers 404 for another account's user and the manager, deleting nothing", async () => {
      for (const id of [otherUser.userId, other.userId, manager.userId]) {
        const res = await send('delete', `/user/${id}`, manager.token);
        expect(res.status).toBe(404);
        expect(res.body.msg).toBe('User not found');
      }
      expect((await userRow(otherUser.userId)).deleted_at).toBeNull();
      expect((await userRow(manager.userId)).deleted_at).toBeNull();
      expect((await send('get', '/user/whoami', otherUser.token)).status).toBe(200);
    });

    it('refuses editors, operators and callers without a session', async () => {
      for (const member of [editor, operator]) {
        const res = await send('delete', `/user/${operator.userId}`, member.token);
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe(MANAGER_ONLY);
      }
      expect((await send('delete', `/user/${operator.userId}`)).status).toBe(401);
      expect((await userRow(operator.userId)).deleted_at).toBeNull();
    });
  });

  it('leaves PUT /user/pass to the password change (PUT /user/{id} does not take it)', async () => {
    const res = await send('put', '/user/pass', operator.token, {});
    expect(res.status).toBe(400);
    expect(res.body.msg).not.toBe('User not found');
  });
});
