import { Anchor, Card, Stack, Text } from '@mantine/core';
import { STATION_SPC_ALARMS, type StationSpcAlarm, type StationView } from '@sweepline/domain';
import { Link } from 'react-router';

/** How many violations, and the unit that opened the alarm or, with more, joined it last: the one to pull aside. */
const violationsOf = ({ violationCount: n, sn }: StationSpcAlarm) =>
  n === 1 ? `1 violation: unit ${sn}` : `${n} violations, the latest unit ${sn}`;

/**
 * The open SPC alarms of the station's test on its card (issue 41, docs/web.md "Stations"): a
 * red block that a screen reader announces when it appears, each alarm in the runner's words of
 * its latest violation with its unit's serial number, and the way to the alarms list, where they
 * are acknowledged.
 */
export function StationSpcAlarms({ station: s }: { station: StationView }) {
  if (s.spcAlarms.length === 0) return null;
  const list = `/report/alarms?${new URLSearchParams({
    ...(s.productId !== null ? { product_id: String(s.productId) } : {}),
    ...(s.productId !== null && s.seqId !== null ? { seq_id: String(s.seqId) } : {}),
    state: 'open',
  })}`;
  return (
    <Card
      bg="red.0"
      withBorder
      radius="sm"
      padding="xs"
      role="alert"
      aria-label={`SPC alarms of ${s.station}`}
    >
      <Stack gap={4}>
        {s.spcAlarms.map((alarm) => (
          <Text key={alarm.alarmId} size="sm" c="red.9" fw={600}>
            {alarm.line}{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              ({violationsOf(alarm)})
            </Text>
          </Text>
        ))}
        <Anchor component={Link} to={list} size="sm">
          {s.spcAlarms.length === STATION_SPC_ALARMS
            ? 'All open alarms of this test'
            : 'Open the alarms list'}
        </Anchor>
      </Stack>
    </Card>
  );
}
