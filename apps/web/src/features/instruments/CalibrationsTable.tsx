import { Button, Table, Text } from '@mantine/core';
import type { CalibrationRecord } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';
import { useState } from 'react';
import { calibrationKindText, portsText, rangeText } from './calibration-format';

/** A shift's calibrations at a glance; the rest (up to the server's 50) on demand. */
const FIRST_SHOWN = 10;

/** The latest calibrations the runner made on an instrument, newest first. */
export function CalibrationsTable({ calibrations }: { calibrations: CalibrationRecord[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? calibrations : calibrations.slice(0, FIRST_SHOWN);
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
          {shown.map((cal) => (
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
      {shown.length < calibrations.length && (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => setAll(true)}>
          Show all {calibrations.length} calibrations
        </Button>
      )}
    </Table.ScrollContainer>
  );
}
