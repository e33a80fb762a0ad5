/**
 * Helpers of the Settings specs (accounts, users, API tokens); not part of the build: testing/
 * folders are skipped.
 */
import request from 'supertest';
import { Role } from '@sweepline/domain';
import type { Member } from '../../../test/fixtures';
import { createManager, createMember } from '../../../test/fixtures';
import { linkIn, outboxMails } from '../../../test/mail';
import type { TestApp } from '../../../test/test-app';

/** The guard's refusal of an editor or operator on a manager call. */
export const MANAGER_ONLY = 'Your role may not do this: it needs the account manager';

type Method = 'get' | 'post' | 'put' | 'delete';

/** One call under /webcyc/api, signed in with `token` when given (x-auth-token). */
export function call(
  t: () => TestApp,
  method: Method,
  path: string,
  token?: string,
  body?: object,
): request.Test {
  const req = request(t().http())[method](`/webcyc/api${path}`);
  if (token) req.set('x-auth-token', token);
  return body === undefined ? req : req.send(body);
}

let serial = 0;

/** An address no fixture has used. */
export function newEmail(): string {
  return `new${++serial}.${process.pid}.${Date.now()}@example.com`;
}

/** The texts of the outbox mails to `email`, oldest first. */
export function mailsTo(t: () => TestApp, email: string): string[] {
  return outboxMails(t().config.outboxDir)
    .filter((m) => m.to === email)
    .map((m) => m.text);
}

/** The set-password link of a mail text. */
export function resetLinkIn(text: string): string {
  const link = linkIn(text, '/ResetPass');
  if (!link) throw new Error(`No /ResetPass link in: ${text}`);
  return link;
}

/** The open (unused) set-password codes of a user, as stored hashes. */
export async function openResetCodes(t: () => TestApp, userId: number): Promise<{ code_hash: string }[]> {
  return (await t().dataSource.query(
    `SELECT code_hash FROM verification_code WHERE user_id = $1 AND purpose = 'reset' AND used_at IS NULL`,
    [userId],
  )) as { code_hash: string }[];
}

export interface ListedUser {
  id: number;
  name: string;
  email: string;
  role: number;
  active: boolean;
}

/** POST /user as `manager`: a new operator (unless `body` says otherwise), mailed its link. */
export async function addUser(
  t: () => TestApp,
  managerToken: string,
  body: object = {},
): Promise<ListedUser> {
  const res = await call(t, 'post', '/user', managerToken, {
    name: `User ${++serial}`,
    email: newEmail(),
    role: 2,
    ...body,
  });
  if (res.status !== 201) throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as ListedUser;
}

export interface UserRow {
  account_id: number;
  name: string;
  email: string;
  role: number;
  is_active: boolean;
  password_hash: string | null;
  deleted_at: Date | null;
}

export async function userRow(t: () => TestApp, id: number): Promise<UserRow> {
  const [row] = (await t().dataSource.query('SELECT * FROM app_user WHERE id = $1', [id])) as UserRow[];
  if (!row) throw new Error(`No user ${id}`);
  return row;
}

export async function userCount(t: () => TestApp): Promise<number> {
  const [row] = (await t().dataSource.query('SELECT count(*)::int AS n FROM app_user')) as { n: number }[];
  return row!.n;
}

export interface SettingsMembers {
  /** The manager of 'Acme RF', who calls the Settings routes. */
  manager: Member;
  editor: Member;
  operator: Member;
  /** The manager of 'Other Co' and its editor 'Theirs': another account's users answer 404. */
  other: Member;
  otherUser: Member;
}

/** The members of the users specs: the three roles of one account, and two users of another. */
export async function createSettingsMembers(t: TestApp): Promise<SettingsMembers> {
  const manager = await createManager(t, 'Acme RF');
  const editor = await createMember(t, manager.accountId, Role.Editor);
  const operator = await createMember(t, manager.accountId, Role.Operator);
  const other = await createManager(t, 'Other Co');
  const otherUser = await createMember(t, other.accountId, Role.Editor, 'Theirs');
  return { manager, editor, operator, other, otherUser };
}

/** The helpers above bound to one spec's app; users are added by the manager `managerToken` names. */
export function usersApi(t: () => TestApp, managerToken: () => string) {
  return {
    send: (method: Method, path: string, token?: string, body?: object) => call(t, method, path, token, body),
    addUser: (body: object = {}) => addUser(t, managerToken(), body),
    mailsTo: (email: string) => mailsTo(t, email),
    openResetCodes: (userId: number) => openResetCodes(t, userId),
    userRow: (id: number) => userRow(t, id),
    userCount: () => userCount(t),
  };
}
