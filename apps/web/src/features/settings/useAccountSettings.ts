import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useServerData } from '../../app/useServerData';
import { settingsApi } from './settings.api';
import { accountAtom, apiTokensAtom, selectedUserIdAtom } from './settings.atoms';

/**
 * The account with its users and the API tokens, read each time Settings opens into the
 * screen's atoms (the sections' actions change them there); the first user is selected.
 */
export function useAccountSettings(onError: (message: string) => void): void {
  const setAccount = useSetAtom(accountAtom);
  const setTokens = useSetAtom(apiTokensAtom);
  const setSelectedId = useSetAtom(selectedUserIdAtom);
  const loaded = useServerData(
    ['settings/account'],
    () => Promise.all([settingsApi.account(), settingsApi.tokens()]),
    { onError },
  ).data;
  useEffect(() => {
    if (!loaded) return;
    const [account, tokens] = loaded;
    setAccount(account);
    setTokens(tokens);
    setSelectedId(account.user_list[0]?.id);
  }, [loaded]);
}
