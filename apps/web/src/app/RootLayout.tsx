import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FullScreenLoader } from '@sweepline/ui';
import { Outlet, useNavigation } from 'react-router';
import { MobileMenu } from './nav/MobileMenu';
import { TopNav } from './nav/TopNav';
import { useCallsRunning } from './useCallsRunning';
import { useShellSession } from './useShellSession';

/**
 * The loading overlay while calls run or a lazy route's chunk loads (the editor's, the results'),
 * a component of its own (issue 43): the count of running calls changes at each call's start
 * and end, and in the layout each change drew the header's links and menus again, several
 * times in a screen's first load.
 */
function ShellLoadingOverlay() {
  const running = useCallsRunning();
  const routeLoading = useNavigation().state === 'loading';
  return <FullScreenLoader visible={running || routeLoading} />;
}

/** The one page of the app: the header and the current route's view (docs/requirements/shell-and-navigation.md#top-navigation). */
export function RootLayout() {
  const [menuOpened, menu] = useDisclosure();
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
      <ShellLoadingOverlay />
    </AppShell>
  );
}
