import type { ApiToken, CreatedApiToken, UserFields } from '@sweepline/domain';
import { useSetAtom } from 'jotai';
import { sessionUserAtom } from '../../app/session.atoms';
import { settingsApi } from './settings.api';
import { accountAtom, apiTokensAtom } from './settings.atoms';

/**
 * The Settings sections' changes: each calls the API and lays the answer over the screen's atoms;
 * a failure rejects, for the section to show.
 */

/** Renames the account or its manager (whose name the header shows too). */
export function useRename() {
  const setAccount = useSetAtom(accountAtom);
  const setUser = useSetAtom(sessionUserAtom);
  return async (which: 'account' | 'manager', name: string) => {
    if (which === 'account') {
      const { account_name } = await settingsApi.renameAccount(name);
      setAccount((account) => account && { ...account, account_name });
    } else {
      const { manager_name } = await settingsApi.renameManager(name);
      setAccount((account) => account && { ...account, manager_name });
      setUser((user) => ({ ...user, name: manager_name }));
    }
  };
}

/**
 * Creates and revokes API tokens. After a create the secret is shown (`onCreated`) and the list
 * is read again, its dates being the server's.
 */
export function useApiTokenEdits() {
  const setTokens = useSetAtom(apiTokensAtom);
  return {
    async create(fields: UserFields, onCreated: (token: CreatedApiToken) => void): Promise<void> {
      onCreated(await settingsApi.createToken(fields));
      setTokens(await settingsApi.tokens());
    },
    async revoke(token: ApiToken): Promise<void> {
      await settingsApi.revokeToken(token.id);
      setTokens((tokens) => tokens.filter((t) => t.id !== token.id));
    },
  };
}

/** A single-use link to the account's whole archive. */
export const useExportLink = () => async () => (await settingsApi.exportLink()).url;
