import { Group, NavLink, Stack, Text } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';

export interface SectionLink {
  label: string;
  to: string;
}

/** Links under a heading of their own, below the section's first links (Reports' Measurements). */
export interface SectionGroup {
  label: string;
  links: SectionLink[];
}

/** A section with a side menu (Reports, the back office, Guides; docs/requirements/back-office-and-billing.md). */
export function SectionLayout({
  label,
  links,
  groups = [],
}: {
  label: string;
  links: SectionLink[];
  groups?: SectionGroup[];
}) {
  const { pathname } = useLocation();
  const item = (link: SectionLink) => (
    <NavLink
      key={link.to}
      component={Link}
      to={link.to}
      label={link.label}
      active={pathname.toLowerCase() === link.to.toLowerCase()}
    />
  );
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Stack component="nav" aria-label={label} gap={0} w={220}>
        {links.map(item)}
        {groups.map((group) => (
          <Stack key={group.label} gap={0} role="group" aria-label={group.label} mt="sm">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
              {group.label}
            </Text>
            {group.links.map(item)}
          </Stack>
        ))}
      </Stack>
      <Stack style={{ flex: 1, minWidth: 280 }}>
        <Outlet />
      </Stack>
    </Group>
  );
}
