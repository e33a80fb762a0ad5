import type { Role } from '@sweepline/domain';
import { api } from '../../app/api-client';

/** The calls of docs/api/accounts.md (spec 2 section 7, DESIGN.md API tokens). */

/** A user of the account (spec 2 section 3): role 1 Editor or 2 Operator. */
export interface AccountUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  active: boolean;
}

export interface Account {
  account_name: string;
  manager_name: string;
  manager_email: string;
  user_list: AccountUser[];
}

export interface ApiToken {
  id: number;
  name: string;
  role: Role;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CreatedApiToken {
  id: number;
  name: string;
  role: Role;
  /** The secret, shown this once. */
  token: string;
}

export interface UserFields {
  name: string;
  role: Role;
}

export const settingsApi = {
  account: () => api.get<Account>('/user/account'),
  renameAccount: (name: string) => api.put<{ account_name: string }>('/user/account_name', { name }),
  renameManager: (name: string) => api.put<{ manager_name: string }>('/user/manager_name', { name }),
  addUser: (user: UserFields & { email: string }) => api.post<AccountUser>('/user', user),
  editUser: (id: number, user: UserFields) => api.put<AccountUser>(`/user/${id}`, user),
  deleteUser: (id: number) => api.delete<null>(`/user/${id}`),
  reactivateUser: (id: number) => api.put<AccountUser>(`/user/reactivate/${id}`),
  resetPassword: (email: string) => api.post<null>('/user/forget_pass', { email }),
  tokens: () => api.get<ApiToken[]>('/user/api_tokens'),
  createToken: (token: UserFields) => api.post<CreatedApiToken>('/user/api_tokens', token),
  revokeToken: (id: number) => api.delete<null>(`/user/api_tokens/${id}`),
  /** A single-use link to the account export, valid for a minute. */
  exportLink: () => api.post<{ url: string }>('/user/export/link'),
};
