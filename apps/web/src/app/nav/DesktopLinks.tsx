import { Button, Menu } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import type { NavItem } from './nav-items';

/** Links in a row; an item with children opens a menu (Guides). */
export function DesktopLinks({ items }: { items: NavItem[] }) {
  return items.map((item) =>
    item.children ? (
      <Menu key={item.to} position="bottom-start">
        <Menu.Target>
          <Button variant="subtle">{item.label}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {item.children.map((child) => (
            <Menu.Item key={child.to} component={Link} to={child.to}>
              {child.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    ) : (
      <Button key={item.to} component={NavLink} to={item.to} variant={item.primary ? 'filled' : 'subtle'}>
        {item.label}
      </Button>
    ),
  );
}
