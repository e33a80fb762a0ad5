import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import {
  formatTimeInState,
  isStationOffline,
  STATION_STATE_LABELS,
  Verdict,
  type StationState,
  type StationVerdict,
  type StationView,
} from '@sweepline/domain';
import { memo } from 'react';
import { StationSpcAlarms } from './StationSpcAlarms';

const STATE_COLORS: Record<StationState, string> = {
  idle: 'gray',
  calibrating: 'violet',
  testing: 'blue',
  waiting: 'yellow',
  error: 'red',
  // white on teal 9 reads 5.0:1 (Mantine's teal 8 gave 3.9:1)
  result: 'teal.9',
};

/** White text on each reads 4.5:1 or more, the small line under the word too (axe, e2e/spc.e2e-spec.ts). */
const VERDICTS: Record<Verdict, { word: string; color: string }> = {
  // Mantine's green 8 gave 3.4:1 and green 9 4.4:1
  [Verdict.Passed]: { word: 'PASS', color: '#2b7a3e' },
  [Verdict.Failed]: { word: 'FAIL', color: 'red' },
  // the theme's orange 9, 6.1:1 (orange 8 gave 3.6:1)
  [Verdict.Aborted]: { word: 'ABORTED', color: 'orange.9' },
};

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)} %`;
}

function VerdictBlock({ verdict }: { verdict: StationVerdict }) {
  const { word, color } = VERDICTS[verdict.result];
  return (
    <Card
      bg={color}
      radius="sm"
      padding="xs"
      role="status"
      aria-label={`Last verdict ${word}, serial number ${verdict.sn}`}
    >
      <Text c="white" fw={900} fz={44} lh={1.1} ta="center">
        {word}
      </Text>
      <Text c="white" size="sm" ta="center">
        {verdict.sn} at {new Date(verdict.at).toLocaleTimeString()}
      </Text>
    </Card>
  );
}

/**
 * One station of the floor (docs/web.md, Stations): its state and unit, the steps so far, how
 * long it has been in its state, the last verdict (until its next unit starts) and its day; and
 * (issue 40) a line for each instrument last used there that is due or overdue for calibration;
 * (issue 41) the open SPC alarms of its test.
 */
export const StationCard = memo(function StationCard({
  station: s,
  now,
}: {
  station: StationView;
  now: number;
}) {
  const offline = isStationOffline(Date.parse(s.lastSeen), now);
  const label = STATION_STATE_LABELS[s.state];
  const stepsKnown = s.steps !== null && s.step !== null;
  const { units, passes, fails, firstPassYield } = s.today;
  return (
    <Card withBorder padding="md" component="article" aria-label={s.station} opacity={offline ? 0.6 : 1}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" lineClamp={1} title={s.station}>
            {s.station}
          </Title>
          <Badge color={offline ? 'dark' : STATE_COLORS[s.state]} variant={offline ? 'outline' : 'filled'}>
            {offline ? 'Offline' : label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {offline
            ? `Last heard ${formatTimeInState(now - Date.parse(s.lastSeen))} ago (${label})`
            : `${label} for ${formatTimeInState(now - Date.parse(s.stateSince))}`}
        </Text>
        <Text size="sm">
          {s.productName ?? 'No product yet'}
          {s.testName ? ` · ${s.testName}` : ''}
        </Text>
        <Text size="sm">Serial number: {s.sn ?? '-'}</Text>
        <Stack gap={2}>
          <Text size="sm">{stepsKnown ? `Step ${s.step} of ${s.steps}` : 'Steps: -'}</Text>
          <Progress
            value={stepsKnown && s.steps! > 0 ? (100 * s.step!) / s.steps! : 0}
            aria-label="Steps done"
            color={STATE_COLORS[s.state]}
          />
        </Stack>
        <Text size="sm">Operator: {s.operator ?? '-'}</Text>
        {s.instrumentWarnings?.map((warning) => (
          <Text key={warning} size="sm" c="orange.9" fw={600} role="note">
            <span aria-hidden>⚠ </span>
            {warning}
          </Text>
        ))}
        <StationSpcAlarms station={s} />
        {s.lastVerdict && <VerdictBlock verdict={s.lastVerdict} />}
        <Text size="sm" aria-label="Today">
          Today: {units} {units === 1 ? 'unit' : 'units'} · {passes} passed · {fails} failed · first-pass
          yield {firstPassYield === null ? '-' : percent(firstPassYield)}
        </Text>
      </Stack>
    </Card>
  );
});
