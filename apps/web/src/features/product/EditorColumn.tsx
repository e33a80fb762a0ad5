import { Box, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One column of the editor: a named region (CONVENTIONS.md section 8) with its tools and its list. */
export function EditorColumn({
  label,
  tools,
  footer,
  children,
}: {
  label: string;
  tools?: ReactNode;
  /** Below the list, never scrolled away (the Tests column's releases of the selected test). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-label={label} withBorder p="xs" miw={0} mih={0}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" gap={4} mih={28}>
          <Title order={2} fz="md">
            {label}
          </Title>
          {/* the tools move under the title together when the column is narrow, never split */}
          {tools && <Box style={{ flexShrink: 0 }}>{tools}</Box>}
        </Group>
        {/* the rest of the column: a long parameter form scrolls here when the editor fills the window */}
        <Box miw={0} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
          {children}
        </Box>
        {footer}
      </Stack>
    </Paper>
  );
}
