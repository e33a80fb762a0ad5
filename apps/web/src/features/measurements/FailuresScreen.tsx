import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { toCsv, type FailureBar, type FailureParetoReport, type ParetoCount } from '@sweepline/domain';
import { downloadText, localDateTime, ParetoChart } from '@sweepline/ui';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { csvFileName } from '../reports/report-label';
import { analysisLabel, figure, versionList } from './analysis-format';
import { MeasurementPickers } from './MeasurementPickers';
import { useFailedRuns, useFailurePareto } from './useMeasurementData';
import type { AppliedPick } from './applied-pick';
import { useMeasurementPickers } from './useMeasurementPickers';

export const FAILURE_TEXTS = {
  none: 'No failed or aborted runs in the range.',
  aborted: 'Aborted',
  count: { first: 'First failing step', every: 'Every failing step' },
} as const;

const barLabel = (bar: FailureBar, allTests: boolean) =>
  bar.step === null ? FAILURE_TEXTS.aborted : allTests ? `${bar.seqName} / ${bar.step}` : bar.step;

/** /report/failures: failed runs counted by failing step, and a bar's runs (docs/web.md). */
export function FailuresScreen() {
  const [error, setError] = useState<string>();
  const pickers = useMeasurementPickers({ withStep: false, allTests: true }, setError);
  const [count, setCount] = useState<ParetoCount>('first');
  const pareto = useFailurePareto(pickers.applied, count);
  // what the screen shows: the last answer and the pick it answers (the next may be loading)
  const shown = pareto.data;
  const [bar, setBar] = useState<FailureBar>();
  const allTests = shown?.pick.seqId === -1;
  const label =
    shown && analysisLabel('Failure Pareto', [shown.pick.product.name, shown.pick.seqName], shown.pick.days);
  const openBar = useCallback((index: number) => setBar(shown?.report.bars[index]), [shown]);

  return (
    <Stack gap="md">
      <Title order={1}>Failure Pareto</Title>
      <MeasurementPickers
        pickers={pickers}
        allTests
        withStep={false}
        onExport={shown && label ? () => exportBars(label, shown.report) : undefined}
      />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <SegmentedControl
        aria-label="Count"
        value={count}
        onChange={(v) => {
          setCount(v as ParetoCount);
          setBar(undefined);
        }}
        data={(['first', 'every'] as const).map((value) => ({ value, label: FAILURE_TEXTS.count[value] }))}
        w="fit-content"
      />
      {pareto.loading && <Loader aria-label="Loading" />}
      {pareto.error && (
        <Alert color="red" role="alert">
          {pareto.error}
        </Alert>
      )}
      {shown && label && (
        <>
          <Text size="sm">
            {shown.report.failedRuns} failed and {shown.report.abortedRuns} aborted runs. Test-plan versions:{' '}
            {shown.report.versions.map((v) => `${v.seqName} ${versionList(v.versions)}`).join('; ') || 'none'}
            .
          </Text>
          {shown.report.bars.length === 0 ? (
            <Text c="dimmed">{FAILURE_TEXTS.none}</Text>
          ) : (
            <>
              <ParetoChart
                label={`${label}: failed runs by failing step, with the cumulative percent`}
                bars={shown.report.bars.map((b) => ({ ...b, label: barLabel(b, allTests) }))}
                onBar={openBar}
              />
              <BarsTable bars={shown.report.bars} allTests={allTests} onOpen={setBar} />
            </>
          )}
          {bar && (
            <BarRuns
              key={`${bar.seqId}:${bar.step}:${shown.count}`}
              bar={bar}
              applied={shown.pick}
              count={shown.count}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function BarsTable(props: { bars: FailureBar[]; allTests: boolean; onOpen: (bar: FailureBar) => void }) {
  return (
    <Table striped withTableBorder aria-label="Failing steps">
      <Table.Thead>
        <Table.Tr>
          {props.allTests && <Table.Th>Test</Table.Th>}
          <Table.Th>Step</Table.Th>
          <Table.Th ta="right">Count</Table.Th>
          <Table.Th ta="right">%</Table.Th>
          <Table.Th ta="right">Cumulative %</Table.Th>
          {/* the column of Show runs buttons: named for screen readers, blank on screen as before */}
          <Table.Th>
            <VisuallyHidden>Runs</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.bars.map((b) => (
          <Table.Tr key={`${b.seqId}:${b.step}`}>
            {props.allTests && <Table.Td>{b.seqName ?? ''}</Table.Td>}
            <Table.Td>{b.step ?? FAILURE_TEXTS.aborted}</Table.Td>
            <Table.Td ta="right">{b.count}</Table.Td>
            <Table.Td ta="right">{b.percent.toFixed(2)}</Table.Td>
            <Table.Td ta="right">{b.cumulativePercent.toFixed(2)}</Table.Td>
            <Table.Td>
              <Button size="compact-xs" variant="light" onClick={() => props.onOpen(b)}>
                Show runs
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The runs of one bar, newest first, each serial number a link to its results on /tr. */
function BarRuns({ bar, applied, count }: { bar: FailureBar; applied: AppliedPick; count: ParetoCount }) {
  const runs = useFailedRuns(bar, applied, count);
  const title = bar.step === null ? 'Aborted runs' : `Runs failing at ${bar.step}`;
  return (
    <section aria-label={title}>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {runs.loading && <Loader size="sm" aria-label="Loading" />}
      </Group>
      {runs.error && (
        <Alert color="red" role="alert">
          {runs.error}
        </Alert>
      )}
      {runs.data && (
        <Table striped withTableBorder aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Serial number</Table.Th>
              <Table.Th>Test</Table.Th>
              <Table.Th ta="right">Value</Table.Th>
              <Table.Th ta="right">Lower</Table.Th>
              <Table.Th ta="right">Upper</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.data.map((run) => (
              <Table.Tr key={run.runId}>
                <Table.Td>{localDateTime(run.startTime)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/tr?sn=${encodeURIComponent(run.sn)}&run=${run.runId}`}>
                    {run.sn}
                  </Anchor>
                </Table.Td>
                <Table.Td>{run.seqName}</Table.Td>
                <Table.Td ta="right">
                  {cell(run.value)} {run.value !== null ? run.unit : ''}
                </Table.Td>
                <Table.Td ta="right">{cell(run.lower)}</Table.Td>
                <Table.Td ta="right">{cell(run.upper)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}

const cell = (x: number | string | null) => (typeof x === 'number' ? figure(x) : (x ?? '—'));

function exportBars(label: string, report: FailureParetoReport): void {
  const csv = toCsv(
    ['Test', 'Step', 'Count', 'Percent', 'Cumulative percent'],
    report.bars.map((b) => [
      b.seqName ?? '',
      b.step ?? FAILURE_TEXTS.aborted,
      b.count,
      b.percent,
      b.cumulativePercent,
    ]),
  );
  downloadText(csvFileName(label), csv);
}
