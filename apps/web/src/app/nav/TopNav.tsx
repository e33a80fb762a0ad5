import { Anchor, Burger, Group } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { useBehindSignIn } from '../login-checked';
import { sessionUserAtom, signedInAtom } from '../session.atoms';
import { DesktopLinks } from './DesktopLinks';
import { SIGNED_OUT_LINKS, mainLinks } from './nav-items';
import { UserMenu } from './UserMenu';
import { useSignedOutLinksShown } from './useSignedOutLinksShown';

/** The header: home link, then the links of docs/requirements/shell-and-navigation.md#top-navigation, or a burger on narrow screens. */
export function TopNav({ menuOpened, onMenu }: { menuOpened: boolean; onMenu: () => void }) {
  const user = useAtomValue(sessionUserAtom);
  const signedIn = useAtomValue(signedInAtom);
  const signedOutLinks = useSignedOutLinksShown();
  const behindSignIn = useBehindSignIn();
  // behind the sign-in the row waits for the session: drawn at once, its three links for every
  // visitor were pushed aside by the signed-in ones a moment later, a layout shift of every
  // signed-in screen on a desktop (docs/web.md, "The header behind the sign-in")
  const rowShown = signedIn || !behindSignIn;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
      <Anchor component={Link} to="/" fw={700} fz="xl" underline="never">
        Sweepline
      </Anchor>
      <Group gap={0} wrap="nowrap" visibleFrom="lg">
        {rowShown && <DesktopLinks items={mainLinks(user)} />}
        {signedIn && <UserMenu user={user} />}
        {signedOutLinks && <DesktopLinks items={SIGNED_OUT_LINKS} />}
      </Group>
      <Burger opened={menuOpened} onClick={onMenu} hiddenFrom="lg" aria-label="Open the menu" />
    </Group>
  );
}
