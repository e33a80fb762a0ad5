import { Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { SERIAL_NUMBER_MAX_LENGTH, type RunReport, type SnReport } from '@sweepline/domain';
import { useMessageDialog } from '@sweepline/ui';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { TEXTS } from '../../app/texts';
import { LatestRunsTable } from './LatestRunsTable';
import { RunAttachments } from './RunAttachments';
import { RunOrigin } from './RunOrigin';
import { RunsTable } from './RunsTable';
import { RunReleaseNote } from './RunRelease';
import { StepsTable } from './StepsTable';
import { trAllAtom, trReportsAtom, trRunAtom, trRunIdAtom } from './test-results.atoms';
import { useLatestRuns } from './useLatestRuns';
import { useRunFiles } from './useRunFiles';
import { useRunPdf } from './useRunPdf';
import { useRunSearch } from './useRunSearch';
import { SCREEN_TITLES } from '../../app/screen-titles';

const runCount = (report: SnReport) =>
  report.reports.length === 0
    ? 'no test results yet'
    : `${report.reports.length} ${report.reports.length === 1 ? 'run' : 'runs'}`;

/**
 * Test Results (/tr, docs/requirements/results.md#screen, docs/requirements/serial-numbers.md#screen, docs/requirements/results.md#calls, docs/requirements/serial-numbers.md#messages): the runs of a serial number, the first one
 * selected, its steps, traces and screenshots, and each run's PDF. Ours (issue 38, docs/web.md):
 * a serial number in several products shows each product's runs under its name, and the screen
 * shows the account's latest runs until a search.
 */
export function TestResultsPage() {
  const [term, setTerm] = useState('');
  const [reports, setReports] = useAtom(trReportsAtom);
  const [all, setAll] = useAtom(trAllAtom);
  const [runId, setRunId] = useAtom(trRunIdAtom);
  const selected = useAtomValue(trRunAtom);
  const errors = useMessageDialog(() => undefined);
  const onError = (message: string) => errors.show(TEXTS.error, message, false);
  const files = useRunFiles(runId, onError);
  const search = useRunSearch(onError);
  const pdf = useRunPdf(onError);
  const [params] = useSearchParams();
  const linked = params.get('sn')?.trim();
  const latest = useLatestRuns(!reports && !linked, onError).data;

  // ours: /tr?sn=A-1&run=5012 (the Measurements screens' and latest runs' links) opens that run among all runs
  useEffect(() => {
    setReports(undefined);
    setRunId(undefined);
    if (!linked) return;
    setTerm(linked);
    setAll(true);
    search(linked, true, Number(params.get('run')) || undefined);
  }, [params]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(term.trim(), all);
  };
  const switchAll = (value: string) => {
    const allRuns = value === 'all';
    setAll(allRuns);
    if (reports?.[0]) search(reports[0].sn, allRuns);
  };
  const several = (reports?.length ?? 0) > 1;
  const runsOf = (report: SnReport) =>
    report.reports.length > 0 && (
      <RunsTable
        label={several ? `Runs in ${report.productName}` : 'Runs'}
        runs={report.reports}
        selectedId={runId}
        onSelect={setRunId}
        onPdf={(chosen: RunReport) => void pdf(report.sn, chosen)}
      />
    );

  return (
    <Stack gap="md">
      <Title order={1}>{SCREEN_TITLES.tr}</Title>
      <form onSubmit={submit} role="search" aria-label="Test results">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Serial number"
            value={term}
            maxLength={SERIAL_NUMBER_MAX_LENGTH}
            onChange={(event) => setTerm(event.currentTarget.value)}
            w={260}
            autoFocus
          />
          <SegmentedControl
            aria-label="Runs shown"
            value={all ? 'all' : 'latest'}
            onChange={switchAll}
            data={[
              { value: 'latest', label: 'Latest' },
              { value: 'all', label: 'All' },
            ]}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      {!reports && latest && (
        <section aria-label="Latest runs">
          <Title order={2} mb="xs">
            Latest runs
          </Title>
          <LatestRunsTable runs={latest} />
        </section>
      )}
      {reports?.length === 1 && (
        <>
          <Text>
            <b>{reports[0]!.sn}</b> of {reports[0]!.productName}: {runCount(reports[0]!)}
          </Text>
          {runsOf(reports[0]!)}
        </>
      )}
      {several && (
        <>
          <Text>
            <b>{reports![0]!.sn}</b> is in {reports!.length} products:{' '}
            {reports!.map((r) => r.productName).join(', ')}. Each product’s runs are listed under its name.
          </Text>
          {reports!.map((report) => (
            <section key={report.productId} aria-label={`Runs in ${report.productName}`}>
              <Title order={2} size="h4">
                {report.productName}
              </Title>
              <Text size="sm" c="dimmed" mb={4}>
                {runCount(report)}
              </Text>
              {runsOf(report)}
            </section>
          ))}
        </>
      )}
      {selected && (
        <>
          <Title order={2}>
            {several ? `${selected.product.productName}: ` : ''}
            {selected.run.seqName}, run {selected.run.runNo}
          </Title>
          <RunReleaseNote run={selected.run} />
          <StepsTable steps={selected.run.steps} />
          <RunOrigin run={selected.run} />
          <RunAttachments run={selected.run} traces={files.traces} screenshots={files.screenshots} />
        </>
      )}
      {errors.dialog}
    </Stack>
  );
}
