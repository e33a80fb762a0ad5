import { Group, NavLink, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';

export interface SectionLink {
  label: string;
  to: string;
}

/** A section with a side menu (Reports, the back office, Guides; spec 2 section 2). */
export function SectionLayout({ label, links }: { label: string; links: SectionLink[] }) {
  const { pathname } = useLocation();
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Stack component="nav" aria-label={label} gap={0} w={220}>
        {links.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={link.label}
            active={pathname.toLowerCase() === link.to.toLowerCase()}
          />
        ))}
      </Stack>
      <Stack style={{ flex: 1, minWidth: 280 }}>
        <Outlet />
      </Stack>
    </Group>
  );
}
