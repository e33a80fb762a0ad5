import { Button, Menu } from '@mantine/core';
import { Link, NavLink } from 'react-router';
import type { NavItem } from './nav-items';

export const LINK_PADDING = 8;

/**
 * Links in a row; an item with children opens a menu (Guides). Their padding is narrow and they
 * touch, so a manager's eleven entries and the user menu fit one row from the 1200 px where it
 * replaces the burger (checked in e2e/instruments.e2e-spec.ts).
 */
export function DesktopLinks({ items }: { items: NavItem[] }) {
  return items.map((item) =>
    item.children ? (
      <Menu key={item.to} position="bottom-start">
        <Menu.Target>
          <Button variant="subtle" px={LINK_PADDING}>
            {item.label}
          </Button>
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
      <Button
        key={item.to}
        component={NavLink}
        to={item.to}
        variant={item.primary ? 'filled' : 'subtle'}
        px={LINK_PADDING}
      >
        {item.label}
      </Button>
    ),
  );
}
