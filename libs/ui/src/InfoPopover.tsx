import { Popover, Table, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface InfoPopoverProps {
  /** The popover's accessible name ('Product information'). */
  title: string;
  rows: readonly [label: string, value: string][];
  opened: boolean;
  onClose: () => void;
  /** The button it opens from. */
  children: ReactNode;
}

/** A small label-value table shown next to its button (who created and changed a row, and when). */
export function InfoPopover({ title, rows, opened, onClose, children }: InfoPopoverProps) {
  const titleId = useId();
  return (
    <Popover
      opened={opened}
      onChange={(open) => !open && onClose()}
      position="bottom-start"
      withArrow
      trapFocus
      // its target is the toolbar's wrapper, a div: aria-expanded is not allowed there (WCAG 4.1.2)
      withRoles={false}
    >
      <Popover.Target>{children}</Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={titleId}>
        <Text id={titleId} fw={600} fz="sm" mb={4}>
          {title}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th pr="md">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
