import { Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { RunReport } from '@sweepline/domain';
import { downloadBlob, useMessageDialog } from '@sweepline/ui';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { reportFailure } from '../../app/api-client';
import { TEXTS } from '../../app/texts';
import { RunAttachments } from './RunAttachments';
import { RunsTable } from './RunsTable';
import { StepsTable } from './StepsTable';
import { testResultsApi } from './test-results.api';
import { trAllAtom, trReportAtom, trRunAtom, trRunIdAtom } from './test-results.atoms';
import { useRunFiles } from './useRunFiles';

/**
 * Test Results (/tr, spec 2 sections 2, 4, 7 and 8): the runs of a serial number, the first one
 * selected, its steps, traces and screenshots, and each run's PDF.
 */
export function TestResultsPage() {
  const [term, setTerm] = useState('');
  const [report, setReport] = useAtom(trReportAtom);
  const [all, setAll] = useAtom(trAllAtom);
  const [runId, setRunId] = useAtom(trRunIdAtom);
  const run = useAtomValue(trRunAtom);
  const errors = useMessageDialog(() => undefined);
  const onError = (error: unknown) =>
    reportFailure(error, (message) => errors.show(TEXTS.error, message, false));
  const files = useRunFiles(runId, onError);
  const [params] = useSearchParams();

  // ours: /tr?sn=A-1&run=5012 (the Measurements screens' links) opens that run among all runs
  useEffect(() => {
    setReport(undefined);
    setRunId(undefined);
    const linked = params.get('sn')?.trim();
    if (!linked) return;
    setTerm(linked);
    setAll(true);
    void search(linked, true, Number(params.get('run')) || undefined);
  }, [params]);

  const search = async (sn: string, allRuns: boolean, pick?: number) => {
    // spec 2 section 5: the search does nothing for an empty term
    if (sn === '') return;
    try {
      const found = await testResultsApi.bySn(sn, allRuns);
      setReport(found);
      setRunId(found.reports.find((r) => r.runId === pick)?.runId ?? found.reports[0]?.runId);
    } catch (error) {
      onError(error);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search(term.trim(), all);
  };
  const switchAll = (value: string) => {
    const allRuns = value === 'all';
    setAll(allRuns);
    if (report) void search(report.sn, allRuns);
  };
  const pdf = async (chosen: RunReport) => {
    if (!report) return;
    try {
      const { blob, fileName } = await testResultsApi.pdf(report.sn, chosen);
      downloadBlob(blob, fileName ?? `${report.sn} ${chosen.seqName}.pdf`);
    } catch (error) {
      onError(error);
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>Test Results</Title>
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
              onPdf={(run) => void pdf(run)}
            />
          )}
          {run && (
            <>
              <Title order={3}>
                {run.seqName}, run {run.runNo}
              </Title>
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
