import { Anchor, Burger, Group } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { sessionUserAtom, signedInAtom } from '../session.atoms';
import { DesktopLinks } from './DesktopLinks';
import { SIGNED_OUT_LINKS, mainLinks } from './nav-items';
import { UserMenu } from './UserMenu';
import { useHeaderLinks } from './useHeaderLinks';

/** The header: home link, then the links of docs/requirements/shell-and-navigation.md#top-navigation, or a burger on narrow screens. */
export function TopNav({ menuOpened, onMenu }: { menuOpened: boolean; onMenu: () => void }) {
  const user = useAtomValue(sessionUserAtom);
  const signedIn = useAtomValue(signedInAtom);
  const links = useHeaderLinks();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
      <Anchor component={Link} to="/" fw={700} fz="xl" underline="never">
        Sweepline
      </Anchor>
      <Group gap={0} wrap="nowrap" visibleFrom="lg">
        {links.row && <DesktopLinks items={mainLinks(user)} />}
        {signedIn && <UserMenu user={user} />}
        {links.signedOut && <DesktopLinks items={SIGNED_OUT_LINKS} />}
      </Group>
      <Burger opened={menuOpened} onClick={onMenu} hiddenFrom="lg" aria-label="Open the menu" />
    </Group>
  );
}
