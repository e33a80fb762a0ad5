import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import {
  calibrationState,
  formatTimeInState,
  ORIGIN_MSG,
  ROLE_LABELS,
  type RunOriginReport,
  type RunReport,
} from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';
import { calibrationKindText, portsText, rangeText } from '../instruments/calibration-format';
import { CalibrationBadge } from '../instruments/CalibrationBadge';
import { useRunOrigin } from './useRunOrigin';

export const ORIGIN_TITLE = 'Instruments and calibrations';

type Instrument = RunOriginReport['instruments'][number];
type Calibration = RunOriginReport['calibrations'][number];

/**
 * The instrument's state when the run started, with its days left then (for 'Due in N days'),
 * counted in UTC days as the server judged the state.
 */
function stateAtRun(instrument: Instrument, startTime: string) {
  const { daysLeft } = calibrationState(instrument.dueOn, Date.parse(startTime), 0);
  return { state: instrument.stateAtRun, dueOn: instrument.dueOn, daysLeft };
}

/** '#2 Insertion loss, #3 Return loss': the run's steps measured with a calibration. */
function stepsText(stepNos: number[], run: RunReport): string {
  return stepNos.map((no) => `#${no} ${run.steps[no - 1]?.title ?? ''}`.trim()).join(', ') || '-';
}

function InstrumentsUsed({ instruments, run }: { instruments: Instrument[]; run: RunReport }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Instruments of the run" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Role</Table.Th>
            <Table.Th>Model</Table.Th>
            <Table.Th>Serial number</Table.Th>
            <Table.Th>Firmware</Table.Th>
            <Table.Th>Calibration at the run</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {instruments.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>{ROLE_LABELS[i.role]}</Table.Td>
              <Table.Td>
                {i.vendor} {i.model}
              </Table.Td>
              <Table.Td>{i.serial}</Table.Td>
              <Table.Td>{i.firmware ?? '-'}</Table.Td>
              <Table.Td>
                <CalibrationBadge of={stateAtRun(i, run.startTime)} />
                {i.dueOn && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    due on {i.dueOn}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CalibrationsUsed({ calibrations, run }: { calibrations: Calibration[]; run: RunReport }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table aria-label="Calibrations of the run" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Ports</Table.Th>
            <Table.Th>Range</Table.Th>
            <Table.Th>Made</Table.Th>
            <Table.Th>Age at the run</Table.Th>
            <Table.Th>Steps measured</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calibrations.map((cal) => (
            <Table.Tr key={cal.id}>
              <Table.Td>{calibrationKindText(cal)}</Table.Td>
              <Table.Td>{portsText(cal.ports)}</Table.Td>
              <Table.Td>{rangeText(cal)}</Table.Td>
              <Table.Td>
                {localDateTime(cal.madeAt)}
                <Text size="xs" c="dimmed">
                  by {cal.madeBy}
                </Text>
              </Table.Td>
              <Table.Td>{formatTimeInState(cal.ageSeconds * 1000)}</Table.Td>
              <Table.Td>{stepsText(cal.stepNos, run)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OriginView({ origin, run }: { origin: RunOriginReport; run: RunReport }) {
  if (!origin.recorded)
    return (
      <Text size="sm" c="dimmed">
        Not recorded: the runner that measured this run did not report its instruments.
      </Text>
    );
  return (
    <Stack gap="xs">
      {origin.measuredOverdue && (
        <Alert color="red" variant="light" role="note" p="xs">
          <Text size="sm" fw={600} c="red.9">
            {ORIGIN_MSG.measuredOverdue}
          </Text>
        </Alert>
      )}
      <Text size="sm">
        Station {origin.station ?? '-'} · runner {origin.runnerVersion ?? '-'}
      </Text>
      {origin.instruments.length > 0 ? (
        <InstrumentsUsed instruments={origin.instruments} run={run} />
      ) : (
        <Text size="sm" c="dimmed">
          No instrument named.
        </Text>
      )}
      {origin.calibrations.length > 0 && <CalibrationsUsed calibrations={origin.calibrations} run={run} />}
    </Stack>
  );
}

/**
 * The selected run's "Instruments and calibrations" (issue 40): where it was measured, with
 * which instruments in which calibration state, and which calibration each step used.
 */
export function RunOrigin({ run }: { run: RunReport }) {
  const origin = useRunOrigin(run.runId);
  return (
    <section aria-label={ORIGIN_TITLE}>
      <Title order={3} mb="xs">
        {ORIGIN_TITLE}
      </Title>
      {origin.error && (
        <Alert color="red" role="alert" p="xs">
          {origin.error}
        </Alert>
      )}
      {origin.loading && <Loader size="sm" aria-label="Loading" />}
      {origin.data && <OriginView origin={origin.data} run={run} />}
    </section>
  );
}
