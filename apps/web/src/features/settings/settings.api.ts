import { endpoints, type AddUserBody, type CreateApiTokenBody, type UserFields } from '@sweepline/domain';
import { api } from '../../app/api-client';

const { accounts, users, apiTokens, identity, accountExport } = endpoints;

/** The calls of docs/api/accounts.md (docs/requirements/accounts-and-users.md#calls, docs/requirements/identity.md#api-tokens), typed with the domain's wire shapes. */
export const settingsApi = {
  account: () => api.call(accounts.account),
  renameAccount: (name: string) => api.call(accounts.renameAccount, { body: { name } }),
  renameManager: (name: string) => api.call(accounts.renameManager, { body: { name } }),
  addUser: (user: AddUserBody) => api.call(users.add, { body: user }),
  editUser: (id: number, user: UserFields) => api.call(users.edit, { params: { id }, body: user }),
  deleteUser: (id: number) => api.call(users.remove, { params: { id } }),
  reactivateUser: (id: number) => api.call(users.reactivate, { params: { id } }),
  resetPassword: (email: string) => api.call(identity.forgetPass, { body: { email } }),
  tokens: () => api.call(apiTokens.list),
  createToken: (token: CreateApiTokenBody) => api.call(apiTokens.create, { body: token }),
  revokeToken: (id: number) => api.call(apiTokens.revoke, { params: { id } }),
  /** A single-use link to the account export, valid for a minute. */
  exportLink: () => api.call(accountExport.link),
};
