import { Box, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
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

/**
 * A section with a side menu (Reports, the back office, Guides; docs/requirements/back-office-and-billing.md).
 * On a narrow screen the menu folds behind one button that names the open page (docs/web.md,
 * "A section's menu on a phone"): unfolded, its links filled a phone's first screen above the page.
 * Which links show is the stylesheet's media query (Mantine's `visibleFrom`), not a measure in
 * script, so a page made at build time is drawn folded on a phone from its first frame.
 */
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
  const [unfolded, setUnfolded] = useState(false);
  const linksId = useId();
  const isCurrent = (link: SectionLink) => pathname.toLowerCase() === link.to.toLowerCase();
  const currentLink = [...links, ...groups.flatMap((group) => group.links)].find(isCurrent);
  const item = (link: SectionLink) => (
    <NavLink
      key={link.to}
      component={Link}
      to={link.to}
      label={link.label}
      active={isCurrent(link)}
      onClick={() => setUnfolded(false)}
    />
  );
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Stack component="nav" aria-label={label} gap={0} w={{ base: '100%', sm: 220 }}>
        <Button
          hiddenFrom="sm"
          variant="default"
          justify="space-between"
          rightSection={<span aria-hidden>{unfolded ? '▴' : '▾'}</span>}
          aria-expanded={unfolded}
          aria-controls={linksId}
          onClick={() => setUnfolded((was) => !was)}
        >
          {currentLink ? `${label}: ${currentLink.label}` : label}
        </Button>
        <Box id={linksId} visibleFrom={unfolded ? undefined : 'sm'}>
          {links.map(item)}
          {groups.map((group) => (
            <Stack key={group.label} gap={0} role="group" aria-label={group.label} mt="sm">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                {group.label}
              </Text>
              {group.links.map(item)}
            </Stack>
          ))}
        </Box>
      </Stack>
      <Stack style={{ flex: 1, minWidth: 280 }}>
        <Outlet />
      </Stack>
    </Group>
  );
}
