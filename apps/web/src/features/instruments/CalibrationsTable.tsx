import { Table, Text } from '@mantine/core';
import type { CalibrationRecord } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';
import { calibrationKindText, portsText, rangeText } from './calibration-format';

/** The latest calibrations the runner made on an instrument, newest first. */
export function CalibrationsTable({ calibrations }: { calibrations: CalibrationRecord[] }) {
  if (calibrations.length === 0)
    return <Text c="dimmed">No calibration recorded: a run names the calibrations it measured with.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Calibrations" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Made at</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Ports</Table.Th>
            <Table.Th>Range</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calibrations.map((cal) => (
            <Table.Tr key={cal.id}>
              <Table.Td>{localDateTime(cal.madeAt)}</Table.Td>
              <Table.Td>{cal.madeBy}</Table.Td>
              <Table.Td>{calibrationKindText(cal)}</Table.Td>
              <Table.Td>{portsText(cal.ports)}</Table.Td>
              <Table.Td>{rangeText(cal)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
