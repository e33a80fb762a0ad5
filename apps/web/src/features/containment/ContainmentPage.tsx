import { Stack, Title } from '@mantine/core';

/**
 * Containment (/containment, issue 40; docs/web.md "Containment"): which units an instrument, a
 * calibration, a station or an operator measured, and sending them back for retest.
 */
export function ContainmentPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Containment</Title>
    </Stack>
  );
}

export default ContainmentPage;
