import { Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMessageDialog } from '@sweepline/ui';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { TEXTS } from '../../app/texts';
import { RunAttachments } from './RunAttachments';
import { RunsTable } from './RunsTable';
import { RunVersionNote } from './RunVersion';
import { StepsTable } from './StepsTable';
import { trAllAtom, trReportAtom, trRunAtom, trRunIdAtom } from './test-results.atoms';
import { useRunFiles } from './useRunFiles';
import { useRunPdf } from './useRunPdf';
import { useRunSearch } from './useRunSearch';

/**
 * Test Results (/tr, docs/requirements/results.md#screen, docs/requirements/serial-numbers.md#screen, docs/requirements/results.md#calls, docs/requirements/serial-numbers.md#messages): the runs of a serial number, the first one
 * selected, its steps, traces and screenshots, and each run's PDF.
 */
export function TestResultsPage() {
  const [term, setTerm] = useState('');
  const [report, setReport] = useAtom(trReportAtom);
  const [all, setAll] = useAtom(trAllAtom);
  const [runId, setRunId] = useAtom(trRunIdAtom);
  const run = useAtomValue(trRunAtom);
  const errors = useMessageDialog(() => undefined);
  const onError = (message: string) => errors.show(TEXTS.error, message, false);
  const files = useRunFiles(runId, onError);
  const search = useRunSearch(onError);
  const pdf = useRunPdf(onError);
  const [params] = useSearchParams();

  // ours: /tr?sn=A-1&run=5012 (the Measurements screens' links) opens that run among all runs
  useEffect(() => {
    setReport(undefined);
    setRunId(undefined);
    const linked = params.get('sn')?.trim();
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
    if (report) search(report.sn, allRuns);
  };

  return (
    <Stack gap="md">
      <Title order={1}>Test Results</Title>
      <form onSubmit={submit} role="search" aria-label="Test results">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Serial number"
            value={term}
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
      {report && (
        <>
          <Text>
            <b>{report.sn}</b> of {report.productName}:{' '}
            {report.reports.length === 0 ? 'no test results yet' : `${report.reports.length} runs`}
          </Text>
          {report.reports.length > 0 && (
            <RunsTable
              runs={report.reports}
              selectedId={runId}
              onSelect={setRunId}
              onPdf={(chosen) => void pdf(report.sn, chosen)}
            />
          )}
          {run && (
            <>
              <Title order={2}>
                {run.seqName}, run {run.runNo}
              </Title>
              <RunVersionNote run={run} />
              <StepsTable steps={run.steps} />
              <RunAttachments run={run} traces={files.traces} screenshots={files.screenshots} />
            </>
          )}
        </>
      )}
      {errors.dialog}
    </Stack>
  );
}
