import { Stack, Title } from '@mantine/core';
import { useMessageDialog } from '@sweepline/ui';
import { isAdmin } from '@sweepline/domain';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { reportFailure } from '../../app/api-client';
import { sessionUserAtom } from '../../app/session.atoms';
import { TEXTS } from '../../app/texts';
import { AdminSettings } from './AdminSettings';
import { AccountSection } from './AccountSection';
import { ApiTokensSection } from './ApiTokensSection';
import { ExportSection } from './ExportSection';
import { settingsApi } from './settings.api';
import { accountAtom, apiTokensAtom, selectedUserIdAtom } from './settings.atoms';
import { UsersSection } from './UsersSection';

/** Settings (/Setting, spec 2 section 2); the provider administrator, in no account, gets theirs. */
export function SettingsPage() {
  const user = useAtomValue(sessionUserAtom);
  return isAdmin(user.role) ? <AdminSettings user={user} /> : <AccountSettings />;
}

/** An account's settings: every failure shows a dialog titled Error (section 8). */
function AccountSettings() {
  const [account, setAccount] = useAtom(accountAtom);
  const setTokens = useSetAtom(apiTokensAtom);
  const setSelectedId = useSetAtom(selectedUserIdAtom);
  const errors = useMessageDialog(() => undefined);
  const onError = (error: unknown) =>
    reportFailure(error, (message) => errors.show(TEXTS.error, message, false));

  useEffect(() => {
    Promise.all([settingsApi.account(), settingsApi.tokens()]).then(([loaded, tokens]) => {
      setAccount(loaded);
      setTokens(tokens);
      setSelectedId(loaded.user_list[0]?.id);
    }, onError);
    // loaded each time the screen opens
  }, []);

  return (
    <Stack maw={960} mx="auto" gap="xl">
      <Title order={1}>Settings</Title>
      {account && (
        <>
          <AccountSection account={account} onError={onError} />
          <UsersSection onError={onError} />
          <ApiTokensSection onError={onError} />
          <ExportSection onError={onError} />
        </>
      )}
      {errors.dialog}
    </Stack>
  );
}
