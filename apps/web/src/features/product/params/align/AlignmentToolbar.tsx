import { Button, Group } from '@mantine/core';

export interface AlignmentToolbarProps {
  disabled: boolean;
  onAdd: () => void;
  onCopy: () => void;
  onPaste: () => void;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
}

/** The tools of the alignment list: add, copy, paste, up, down, delete. */
export function AlignmentToolbar({
  disabled,
  onAdd,
  onCopy,
  onPaste,
  onMove,
  onDelete,
}: AlignmentToolbarProps) {
  const tool = (label: string, text: string, onClick: () => void) => (
    <Button size="compact-xs" variant="light" aria-label={label} disabled={disabled} onClick={onClick}>
      {text}
    </Button>
  );
  return (
    <Group gap={4}>
      {tool('Add alignment', 'Add', onAdd)}
      {tool('Copy alignment', 'Copy', onCopy)}
      {tool('Paste alignment', 'Paste', onPaste)}
      {tool('Move alignment up', 'Up', () => onMove(-1))}
      {tool('Move alignment down', 'Down', () => onMove(1))}
      {tool('Delete alignment', 'Delete', onDelete)}
    </Group>
  );
}
