import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FullScreenLoader } from '@sweepline/ui';
import { Outlet, useNavigation } from 'react-router';
import { MobileMenu } from './nav/MobileMenu';
import { TopNav } from './nav/TopNav';
import { useCallsRunning } from './useCallsRunning';
import { useShellSession } from './useShellSession';

/** The one page of the app: the header and the current route's view (docs/requirements/shell-and-navigation.md#top-navigation). */
export function RootLayout() {
  const [menuOpened, menu] = useDisclosure();
  const running = useCallsRunning();
  // a lazy route's chunk is loading (the editor's, the results'): the same overlay as a call
  const routeLoading = useNavigation().state === 'loading';
  useShellSession();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <TopNav menuOpened={menuOpened} onMenu={menu.toggle} />
      </AppShell.Header>
      <MobileMenu opened={menuOpened} onClose={menu.close} />
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <FullScreenLoader visible={running || routeLoading} />
    </AppShell>
  );
}
