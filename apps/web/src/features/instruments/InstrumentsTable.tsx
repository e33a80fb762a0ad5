import { Anchor, Table, Text } from '@mantine/core';
import { ROLE_LABELS, type InstrumentRow } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';
import { Link, useNavigate } from 'react-router';
import { CalibrationBadge } from './CalibrationBadge';
import { instrumentLink } from './instrument-link';

/**
 * The account's instruments, one row each: its model (a link to its page, the vendor under it),
 * serial number, firmware, where and when it last measured, its calibration state and due date.
 * A click anywhere on the row opens the instrument, as its link does.
 */
export function InstrumentsTable({ rows }: { rows: InstrumentRow[] }) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table aria-label="Instruments" highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Role</Table.Th>
            <Table.Th>Model</Table.Th>
            <Table.Th>Serial number</Table.Th>
            <Table.Th>Firmware</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Calibration</Table.Th>
            <Table.Th>Due on</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(instrumentLink(row.id))}
            >
              <Table.Td>{ROLE_LABELS[row.role]}</Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={instrumentLink(row.id)}
                  fw={600}
                  onClick={(event) => event.stopPropagation()}
                >
                  {row.model}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.vendor}
                </Text>
              </Table.Td>
              <Table.Td>{row.serial}</Table.Td>
              <Table.Td>{row.firmware ?? '-'}</Table.Td>
              <Table.Td>
                {row.lastStation ?? '-'}
                {row.lastUsedAt && (
                  <Text size="xs" c="dimmed">
                    {localDateTime(row.lastUsedAt)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <CalibrationBadge of={{ ...row, dueOn: row.certificate?.dueOn ?? null }} />
              </Table.Td>
              <Table.Td>{row.certificate?.dueOn ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
