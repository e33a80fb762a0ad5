import { Stack, Title } from '@mantine/core';
import { useMessageDialog } from '@sweepline/ui';
import { isAdmin } from '@sweepline/domain';
import { useAtomValue } from 'jotai';
import { reportFailure } from '../../app/api-client';
import { sessionUserAtom } from '../../app/session.atoms';
import { TEXTS } from '../../app/texts';
import { AdminSettings } from './AdminSettings';
import { AccountSection } from './AccountSection';
import { ApiTokensSection } from './ApiTokensSection';
import { ExportSection } from './ExportSection';
import { InstrumentSettingsSection } from './InstrumentSettingsSection';
import { ReleaseSettingsSection } from './ReleaseSettingsSection';
import { accountAtom } from './settings.atoms';
import { useAccountSettings } from './useAccountSettings';
import { UsersSection } from './UsersSection';

/** Settings (/Setting, docs/requirements/accounts-and-users.md); the provider administrator, in no account, gets theirs. */
export function SettingsPage() {
  const user = useAtomValue(sessionUserAtom);
  return isAdmin(user.role) ? <AdminSettings user={user} /> : <AccountSettings />;
}

/** An account's settings: every failure shows a dialog titled Error (section 8). */
function AccountSettings() {
  const account = useAtomValue(accountAtom);
  const errors = useMessageDialog(() => undefined);
  const show = (message: string) => errors.show(TEXTS.error, message, false);
  const onError = (error: unknown) => reportFailure(error, show);
  useAccountSettings(show);

  return (
    <Stack maw={960} mx="auto" gap="xl">
      <Title order={1}>Settings</Title>
      {account && (
        <>
          <AccountSection account={account} onError={onError} />
          <UsersSection onError={onError} />
          <ApiTokensSection onError={onError} />
          <ReleaseSettingsSection onError={show} onFailure={onError} />
          <InstrumentSettingsSection onError={show} onFailure={onError} />
          <ExportSection onError={onError} />
        </>
      )}
      {errors.dialog}
    </Stack>
  );
}
