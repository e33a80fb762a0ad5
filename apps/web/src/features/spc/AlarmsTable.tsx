import { Anchor, Badge, Button, List, Table, Text } from '@mantine/core';
import type { SpcAlarm } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';
import { Link } from 'react-router';

/** The latest violations a row shows; the count says how many in all. */
const SHOWN_VIOLATIONS = 3;

function Violations({ alarm }: { alarm: SpcAlarm }) {
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {alarm.violations.slice(0, SHOWN_VIOLATIONS).map((v) => (
        <List.Item key={v.runId}>
          <Anchor component={Link} to={`/tr?sn=${encodeURIComponent(v.sn)}&run=${v.runId}`} size="sm">
            {v.sn}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            {localDateTime(v.startTime)}, {v.value}
          </Text>
          <Text size="sm">{v.text}</Text>
        </List.Item>
      ))}
    </List>
  );
}

function StateCell({ alarm, onAcknowledge }: { alarm: SpcAlarm; onAcknowledge: () => void }) {
  if (alarm.state === 'open')
    return (
      <>
        <Badge color="red" mb={6}>
          Open
        </Badge>
        <Button
          size="xs"
          variant="light"
          display="block"
          onClick={onAcknowledge}
          aria-label={`Acknowledge the alarm on ${alarm.step}`}
        >
          Acknowledge
        </Button>
      </>
    );
  return (
    <>
      <Badge color="gray" mb={4}>
        Acknowledged
      </Badge>
      <Text size="xs" c="dimmed">
        {alarm.acknowledgedByName}, {alarm.acknowledgedAt && localDateTime(alarm.acknowledgedAt)}
      </Text>
      <Text size="sm">{alarm.note}</Text>
    </>
  );
}

/**
 * The alarms, newest first (docs/web.md, "SPC alarms"): when it opened, the product, test and
 * step, its violations counted, the latest ones' texts, and its state with Acknowledge.
 */
export function AlarmsTable({
  alarms,
  productName,
  onAcknowledge,
}: {
  alarms: SpcAlarm[];
  productName: (productId: number) => string;
  onAcknowledge: (alarm: SpcAlarm) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="SPC alarms" striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>Opened</Table.Th>
            <Table.Th w={220}>Step</Table.Th>
            <Table.Th w={90}>Violations</Table.Th>
            <Table.Th>Latest violations</Table.Th>
            <Table.Th w={220}>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alarms.map((alarm) => (
            <Table.Tr key={alarm.id} style={{ verticalAlign: 'top' }} aria-label={`Alarm on ${alarm.step}`}>
              <Table.Td>{localDateTime(alarm.openedAt)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {alarm.step}
                </Text>
                <Text size="xs" c="dimmed">
                  {productName(alarm.productId)} · {alarm.seqName}
                </Text>
              </Table.Td>
              <Table.Td>{alarm.violationCount}</Table.Td>
              <Table.Td>
                <Violations alarm={alarm} />
              </Table.Td>
              <Table.Td>
                <StateCell alarm={alarm} onAcknowledge={() => onAcknowledge(alarm)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
