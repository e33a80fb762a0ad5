import { Alert, Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { mayDo, ROLE_RULES, type FrozenLimits, type SpcAlarm } from '@sweepline/domain';
import { localDateTime, OnDemandModal } from '@sweepline/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router';
import { sessionUserAtom } from '../../app/session.atoms';
import { figure } from '../measurements/analysis-format';
import type { AppliedPick } from '../measurements/applied-pick';
import type { StepSpc } from './useStepSpc';

/** The colour of the frozen limits' lines on the individuals chart (the range's are green and red). */
export const FROZEN_COLOR = '#e8590c';

const day = (iso: string) => localDateTime(iso).slice(0, 10);

function FrozenText({ limits }: { limits: FrozenLimits }) {
  // baselineTo is the first instant after the baseline's last day
  const lastDay = day(new Date(Date.parse(limits.baselineTo) - 1).toISOString());
  return (
    <Text size="sm">
      <strong>Limits frozen</strong> by {limits.frozenByName} on {localDateTime(limits.frozenAt)}, from{' '}
      {limits.baselineValues} values of {day(limits.baselineFrom)} to {lastDay}: x̄ {figure(limits.centre)},
      LCL {figure(limits.lowerLimit)}, UCL {figure(limits.upperLimit)} (orange on the chart). Every new value
      is judged against them as its run is stored.
    </Text>
  );
}

const computedText = (
  <>
    <strong>Limits computed from the range on screen</strong>: not frozen, so no run is judged as it arrives.
  </>
);

/**
 * Whether the limits are frozen, or computed from the range on screen. While that is asked it says
 * so over the usual answer's place, kept but not shown: "computed from the range" would be untrue
 * for a moment of frozen limits, and an empty line would move the charts below when the answer
 * came (a layout shift).
 */
function LimitsText({ frozen }: { frozen: FrozenLimits | null | undefined }) {
  if (frozen) return <FrozenText limits={frozen} />;
  if (frozen === null) return <Text size="sm">{computedText}</Text>;
  return (
    <Box pos="relative">
      <Text size="sm" aria-hidden style={{ visibility: 'hidden' }}>
        {computedText}
      </Text>
      <Text size="sm" c="dimmed" role="status" pos="absolute" top={0} left={0}>
        Loading the control limits…
      </Text>
    </Box>
  );
}

function OpenAlarm({ alarm, applied }: { alarm: SpcAlarm; applied: AppliedPick }) {
  const list = `/report/alarms?product_id=${applied.product.id}&seq_id=${applied.seqId}&state=open`;
  const latest = alarm.violations[0];
  return (
    <Alert color="red" role="alert" title={`Open SPC alarm on ${alarm.step}`}>
      <Text size="sm">
        Opened {localDateTime(alarm.openedAt)}, {alarm.violationCount}{' '}
        {alarm.violationCount === 1 ? 'violation' : 'violations'}
        {latest ? `; latest ${latest.sn}: ${latest.text}` : ''}. Its points are marked &quot;alarm&quot; on
        the chart.{' '}
        <Anchor component={Link} to={list} size="sm">
          Acknowledge it in SPC Alarms
        </Anchor>
      </Text>
    </Alert>
  );
}

/**
 * The control chart's production SPC (issue 41, docs/web.md "Measurements"): whether the step's
 * limits are frozen (by whom, when, from which baseline) or computed from the range on screen;
 * "Freeze limits from this range" for editors and managers, after a confirmation; the step's open
 * alarm.
 */
export function SpcLimitsPanel({ spc, applied }: { spc: StepSpc; applied: AppliedPick }) {
  const { role } = useAtomValue(sessionUserAtom);
  const [confirming, setConfirming] = useState(false);
  const mayFreeze = mayDo(role, ROLE_RULES.editTests);
  const freeze = async () => {
    if (await spc.freeze()) setConfirming(false);
  };
  return (
    <Stack gap="xs" component="section" aria-label="Control limits">
      {spc.alarm && <OpenAlarm alarm={spc.alarm} applied={applied} />}
      <Group gap="sm" align="center" wrap="wrap">
        <LimitsText frozen={spc.frozen} />
        {mayFreeze && (
          // in place, disabled, until the step's limits are known: appearing, it made its row
          // taller and moved the charts below (a layout shift)
          <Button
            size="xs"
            variant="light"
            disabled={spc.frozen === undefined}
            onClick={() => setConfirming(true)}
          >
            Freeze limits from this range
          </Button>
        )}
      </Group>
      {spc.error && (
        <Alert color="red" role="alert">
          {spc.error}
        </Alert>
      )}
      <OnDemandModal opened={confirming} onClose={() => setConfirming(false)} title="Freeze Limits" centered>
        <Stack>
          <Text size="sm">
            Freeze the control limits of {applied.step} ({applied.seqName}) from the values of{' '}
            {applied.days[0]} to {applied.days[1]}? From then on every new value of this step is judged by
            Western Electric rules 1-4 as its run is stored, and a violation opens an alarm.
            {spc.frozen ? ' The limits frozen now are replaced (the history keeps them).' : ''}
          </Text>
          {spc.freezeError && (
            <Alert color="red" role="alert">
              {spc.freezeError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button loading={spc.freezing} onClick={() => void freeze()} data-autofocus>
              Freeze
            </Button>
          </Group>
        </Stack>
      </OnDemandModal>
    </Stack>
  );
}
