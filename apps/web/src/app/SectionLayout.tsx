import { Box, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';

export interface SectionLink {
  label: string;
  to: string;
}

/**
 * Links under a heading of their own, below the section's first links (Reports' Measurements): a
 * menu of their own, so the section's is the specification's (Reports: its four daily reports).
 */
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
  const groupsId = useId();
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
  // folded on a phone: the section's links and its groups' alike, behind the one button
  const folded = unfolded ? undefined : 'sm';
  const controlled = groups.length > 0 ? `${linksId} ${groupsId}` : linksId;
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Stack gap={0} w={{ base: '100%', sm: 220 }}>
        <Stack component="nav" aria-label={label} gap={0}>
          <Button
            hiddenFrom="sm"
            variant="default"
            justify="space-between"
            rightSection={<span aria-hidden>{unfolded ? '▴' : '▾'}</span>}
            aria-expanded={unfolded}
            aria-controls={controlled}
            onClick={() => setUnfolded((was) => !was)}
          >
            {currentLink ? `${label}: ${currentLink.label}` : label}
          </Button>
          <Box id={linksId} visibleFrom={folded}>
            {links.map(item)}
          </Box>
        </Stack>
        {groups.length > 0 && (
          <Box id={groupsId} visibleFrom={folded}>
            {groups.map((group) => (
              <Stack key={group.label} component="nav" gap={0} aria-label={group.label} mt="sm">
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                  {group.label}
                </Text>
                {group.links.map(item)}
              </Stack>
            ))}
          </Box>
        )}
      </Stack>
      <Stack style={{ flex: 1, minWidth: 280 }}>
        <Outlet />
      </Stack>
    </Group>
  );
}
