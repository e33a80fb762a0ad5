import { unwrap } from '@sweepline/domain';
import { verifiedSession } from '../../src/auth/verification';
import type { RunningApi } from './api-server';
import { mailedLink } from './api-server';

export const PASSWORD = 'cli-e2e-pass-1';

let serial = 0;

export interface Manager {
  email: string;
  name: string;
  /** A session of the manager (x-auth-token), for setting up what the CLI then reads. */
  session: string;
}

async function call<T>(
  api: RunningApi,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ data: T; token: string | null }> {
  const response = await fetch(`${api.url}/webcyc/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { data: unwrap<T>(await response.json()), token: response.headers.get('x-auth-token') };
}

/** A new account with its manager, through sign-up and the mailed activation, signed in. */
export async function signUpManager(api: RunningApi): Promise<Manager> {
  const id = `${++serial}-${Date.now()}`;
  const email = `manager${id}@example.com`;
  const name = `Manager ${serial}`;
  const signup = await verifiedSession(api.url);
  await call(api, 'POST', '/user/signup', signup, {
    account_name: `Account ${id}`,
    email,
    password: PASSWORD,
    manager_name: name,
  });
  const link = await mailedLink(api.outboxDir, email, '/activate');
  await call(api, 'POST', '/user/activate', undefined, { email, code: link.searchParams.get('code') });
  const login = await verifiedSession(api.url);
  const { token } = await call(api, 'POST', '/login', login, { email, password: PASSWORD });
  return { email, name, session: token! };
}

/** A session of an existing user (the demo's manager), through the log-in page's call. */
export async function logInAs(api: RunningApi, email: string, password: string): Promise<Manager> {
  const login = await verifiedSession(api.url);
  const { token } = await call(api, 'POST', '/login', login, { email, password });
  return { email, name: email, session: token! };
}

/** An API token of the manager's account (role 1 editor, 2 operator). */
export async function makeApiToken(
  api: RunningApi,
  manager: Manager,
  role: 1 | 2 = 1,
): Promise<{ id: number; token: string }> {
  const { data } = await call<{ id: number; token: string }>(
    api,
    'POST',
    '/user/api_tokens',
    manager.session,
    { name: `ci ${++serial}`, role },
  );
  return data;
}

export async function revokeApiToken(api: RunningApi, manager: Manager, id: number): Promise<void> {
  await call(api, 'DELETE', `/user/api_tokens/${id}`, manager.session);
}

/** POST /product as the manager; returns its id. */
export async function addProduct(api: RunningApi, manager: Manager, name: string): Promise<number> {
  const { data } = await call<{ id: number }>(api, 'POST', '/product', manager.session, {
    name,
    model: 'M',
    info: '',
  });
  return data.id;
}

/** Any call as the manager, for set-up. */
export function asManager<T>(
  api: RunningApi,
  manager: Manager,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  return call<T>(api, method, path, manager.session, body).then((r) => r.data);
}
