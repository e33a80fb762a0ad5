import { Role, type Account, type AccountUser, type ApiToken } from '@sweepline/domain';
import { http } from 'msw';
import { ok, path, server } from './server';

export const ALAN: AccountUser = {
  id: 7,
  name: 'alan',
  email: 'alan@acme.example',
  role: Role.Editor,
  active: true,
};
export const BOB: AccountUser = {
  id: 3,
  name: 'Bob',
  email: 'bob@acme.example',
  role: Role.Operator,
  active: false,
};
export const CAROL: AccountUser = {
  id: 9,
  name: 'carol',
  email: 'carol@acme.example',
  role: Role.Operator,
  active: true,
};

export const ACCOUNT: Account = {
  account_name: 'Acme RF',
  manager_name: 'Ann',
  manager_email: 'ann@acme.example',
  user_list: [ALAN, BOB, CAROL],
};

export const TOKEN: ApiToken = {
  id: 4,
  name: 'Line 3 PC',
  role: Role.Operator,
  createdAt: '2026-11-20T08:30:00.000Z',
  lastUsedAt: null,
};

/** GET /user/account and GET /user/api_tokens answering these. */
export function serveSettings(account: Account = ACCOUNT, tokens: ApiToken[] = [TOKEN]) {
  server.use(
    http.get(path('/user/account'), () => ok(account)),
    http.get(path('/user/api_tokens'), () => ok(tokens)),
  );
}
