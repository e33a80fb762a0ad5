import { Alert, Stack, Text, Title } from '@mantine/core';
import type { PlaceholderInfo } from './placeholder-pages';

/** A screen not built yet: its title, what it will hold, and that it is not here yet. */
export function PlaceholderPage({ title, purpose }: PlaceholderInfo) {
  return (
    <Stack gap="sm" maw={720}>
      <Title order={2}>{title}</Title>
      <Text>{purpose}</Text>
      <Alert color="gray" title="Not available yet">
        This screen comes in a later release of Sweepline.
      </Alert>
    </Stack>
  );
}
