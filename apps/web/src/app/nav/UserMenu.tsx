import { Button, Menu } from '@mantine/core';
import type { SessionUser } from '@sweepline/domain';
import { Link } from 'react-router';
import { useLogOut } from '../useSession';
import { LINK_PADDING } from './DesktopLinks';
import { userMenuLinks } from './nav-items';

/** The signed-in user's menu: their name, Settings (role below 1) and Log Out (docs/requirements/shell-and-navigation.md#top-navigation). */
export function UserMenu({ user }: { user: SessionUser }) {
  const logOut = useLogOut();
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="light" px={LINK_PADDING} ml={4}>
          {user.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {userMenuLinks(user).map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Item onClick={() => void logOut()}>Log Out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
