import { Role } from '@sweepline/domain';
import { hashPassword } from '../src/auth/passwords';
import { hashToken, newToken } from '../src/auth/tokens';
import type { TestApp } from './test-app';

/** The password of every user these fixtures make. */
export const FIXTURE_PASSWORD = 'fixture-pass-1';

let serial = 0;

export async function createAccount(t: TestApp, name = `Account ${++serial}`): Promise<number> {
  const [row] = (await t.dataSource.query(
    `INSERT INTO account (name, is_active) VALUES ($1, true) RETURNING id`,
    [name],
  )) as {
    id: number;
  }[];
  return row!.id;
}

export interface Member {
  userId: number;
  accountId: number | null;
  email: string;
  name: string;
  /** A live session token for x-auth-token. */
  token: string;
}

/**
 * An active user with a session, made straight in the database so that feature tests do not
 * depend on the sign-up flow (which has its own tests).
 */
export async function createMember(
  t: TestApp,
  accountId: number | null,
  role: Role,
  name = `User ${++serial}`,
): Promise<Member> {
  const email = `user${++serial}.${Date.now()}@example.com`;
  const [user] = (await t.dataSource.query(
    `INSERT INTO app_user (account_id, email, name, role, password_hash, is_active)
     VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
    [accountId, email, name, role, await hashPassword(FIXTURE_PASSWORD)],
  )) as { id: number }[];
  const token = newToken();
  await t.dataSource.query(
    `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
    [hashToken(token), user!.id],
  );
  return { userId: user!.id, accountId, email, name, token };
}

/** A new account with its manager, signed in. */
export async function createManager(t: TestApp, accountName?: string): Promise<Member> {
  return createMember(t, await createAccount(t, accountName), Role.Manager);
}
