import { Divider, Drawer, NavLink, Text } from '@mantine/core';
import type { SessionUser } from '@sweepline/domain';
import { useAtomValue } from 'jotai';
import { useOpenedOnce } from '@sweepline/ui';
import { Link, useLocation } from 'react-router';
import { sessionUserAtom, signedInAtom } from '../session.atoms';
import { useLogOut } from '../useSession';
import { SIGNED_OUT_LINKS, mainLinks, userMenuLinks, type NavItem } from './nav-items';
import { useHeaderLinks } from './useHeaderLinks';

function MenuLink({ item, onClose }: { item: NavItem; onClose: () => void }) {
  const { pathname } = useLocation();
  if (item.children) {
    return (
      <NavLink component="button" label={item.label} defaultOpened={pathname.startsWith(item.to)}>
        {item.children.map((child) => (
          <MenuLink key={child.to} item={child} onClose={onClose} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      active={pathname === item.to}
      onClick={onClose}
    />
  );
}

/** The entries under the divider: the user's menu once signed in, else Log In and Sign Up where offered. */
function accountLinks(signedIn: boolean, user: SessionUser, signedOutLinksShown: boolean): NavItem[] {
  if (signedIn) return userMenuLinks(user);
  return signedOutLinksShown ? SIGNED_OUT_LINKS : [];
}

/** The burger menu of narrow screens, with the entries of the top navigation and user menu. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const user = useAtomValue(sessionUserAtom);
  const signedIn = useAtomValue(signedInAtom);
  const logOut = useLogOut();
  const account = accountLinks(signedIn, user, useHeaderLinks().signedOut);
  // drawn from the first time it opens: a phone's first load need not mount its portal
  const once = useOpenedOnce(opened);
  if (!once.mounted) return null;
  return (
    <Drawer
      opened={once.opened}
      onClose={onClose}
      title="Sweepline"
      size="xs"
      hiddenFrom="lg"
      closeButtonProps={{ 'aria-label': 'Close the menu' }}
    >
      {mainLinks(user).map((item) => (
        <MenuLink key={item.to} item={item} onClose={onClose} />
      ))}
      <Divider my="sm" />
      {signedIn && (
        <Text fw={600} px="sm" py={4}>
          {user.name}
        </Text>
      )}
      {account.map((item) => (
        <MenuLink key={item.to} item={item} onClose={onClose} />
      ))}
      {signedIn && (
        <NavLink
          component="button"
          label="Log Out"
          onClick={() => {
            onClose();
            void logOut();
          }}
        />
      )}
    </Drawer>
  );
}
