import type {
  Account,
  AccountName,
  AccountUser,
  AddUserBody,
  ApiToken,
  CreateApiTokenBody,
  CreatedApiToken,
  ExportLink,
  ManagerName,
  NameBody,
  UserFields,
} from '@sweepline/domain';
import { api } from '../../app/api-client';

/** The calls of docs/api/accounts.md (spec 2 section 7, DESIGN.md API tokens), typed with the domain's wire shapes. */

const nameBody = (name: string): NameBody => ({ name });

export const settingsApi = {
  account: () => api.get<Account>('/user/account'),
  renameAccount: (name: string) => api.put<AccountName>('/user/account_name', nameBody(name)),
  renameManager: (name: string) => api.put<ManagerName>('/user/manager_name', nameBody(name)),
  addUser: (user: AddUserBody) => api.post<AccountUser>('/user', user),
  editUser: (id: number, user: UserFields) => api.put<AccountUser>(`/user/${id}`, user),
  deleteUser: (id: number) => api.delete<null>(`/user/${id}`),
  reactivateUser: (id: number) => api.put<AccountUser>(`/user/reactivate/${id}`),
  resetPassword: (email: string) => api.post<null>('/user/forget_pass', { email }),
  tokens: () => api.get<ApiToken[]>('/user/api_tokens'),
  createToken: (token: CreateApiTokenBody) => api.post<CreatedApiToken>('/user/api_tokens', token),
  revokeToken: (id: number) => api.delete<null>(`/user/api_tokens/${id}`),
  /** A single-use link to the account export, valid for a minute. */
  exportLink: () => api.post<ExportLink>('/user/export/link'),
};
