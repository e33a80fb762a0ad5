import { Stack, Switch, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A switch named by its label alone, its hint beside it as its description (Mantine's own
 * description sits inside the label and would lengthen the name).
 */
export function LabelledSwitch({ hint, ...props }: Parameters<typeof Switch>[0] & { hint: ReactNode }) {
  const hintId = useId();
  return (
    <Stack gap={2} pl={props.pl}>
      <Switch {...props} pl={undefined} aria-describedby={hintId} />
      <Text id={hintId} fz="xs" c="dimmed" pl={46}>
        {hint}
      </Text>
    </Stack>
  );
}
