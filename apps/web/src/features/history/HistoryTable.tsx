import { List, Table, Text } from '@mantine/core';
import { auditFieldLabel, type AuditCsvRow } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';
import { auditWhat } from './audit-texts';
import { AuditValue } from './AuditValue';

function WhatCell({ row }: { row: AuditCsvRow }) {
  const what = auditWhat(row);
  return (
    <>
      <Text span size="sm" fw={600}>
        {what.label}
      </Text>{' '}
      <Text span size="sm">
        {what.name}
      </Text>
      {what.within && (
        <Text size="xs" c="dimmed">
          {what.within}
        </Text>
      )}
    </>
  );
}

function ChangesCell({ row }: { row: AuditCsvRow }) {
  if (row.changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        no fields
      </Text>
    );
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {row.changes.map((change) => (
        <List.Item key={change.field}>
          <Text span size="sm" fw={600} title={change.field}>
            {auditFieldLabel(change.field, row.thing === 'step' ? row.thingId : undefined)}
          </Text>
          : <AuditValue value={change.from} side="old" /> → <AuditValue value={change.to} side="new" />
        </List.Item>
      ))}
    </List>
  );
}

/** History's rows, newest first: time, user, what, action, and each changed field's old → new. */
export function HistoryTable({ rows }: { rows: AuditCsvRow[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-label="Changes" striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>Time</Table.Th>
            <Table.Th w={140}>User</Table.Th>
            <Table.Th w={220}>What</Table.Th>
            <Table.Th w={100}>Action</Table.Th>
            <Table.Th>Changes (old → new)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} style={{ verticalAlign: 'top' }}>
              <Table.Td>{localDateTime(row.at)}</Table.Td>
              <Table.Td>{row.userName}</Table.Td>
              <Table.Td>
                <WhatCell row={row} />
              </Table.Td>
              <Table.Td>{row.action}</Table.Td>
              <Table.Td>
                <ChangesCell row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
