import { Table } from '@mantine/core';

/**
 * A release's note as a table cell: its own line breaks kept, a long word broken, and never
 * narrower than a short sentence. Without the floor, a phone's table (scrolling sideways within
 * its minimum width) gave the note what the other columns left, a few letters a line.
 */
export function NoteCell({ note }: { note: string }) {
  return <Table.Td style={NOTE_STYLE}>{note}</Table.Td>;
}

const NOTE_STYLE = { wordBreak: 'break-word', whiteSpace: 'pre-line', minWidth: '14rem' } as const;
