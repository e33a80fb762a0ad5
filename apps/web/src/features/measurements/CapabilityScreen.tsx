import { Alert, Group, Loader, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { toCsv, type CapabilityReport, type StepRows } from '@sweepline/domain';
import { downloadText, HistogramChart, TraceChart } from '@sweepline/ui';
import { useState } from 'react';
import { csvFileName } from '../reports/report-label';
import { figure, versionList } from './analysis-format';
import { BAND_EDGE_OPTIONS, bandLines, otherGridNote, type BandEdges } from './trace-band';
import { useStepTraceBand } from './useMeasurementData';
import type { AppliedPick } from './applied-pick';
import { StepAnalysisFrame } from './StepAnalysisFrame';
import { useCapabilityAnalysis } from './useStepAnalysis';

/** The figures' names as the screen, the CSV and docs/measurements.md write them. */
export const FIGURE_ROWS: readonly [label: string, pick: (r: CapabilityReport) => number | null][] = [
  ['n', (r) => r.figures.n],
  ['Mean', (r) => r.figures.mean],
  ['σ overall', (r) => r.figures.sigmaOverall],
  ['σ within', (r) => r.figures.sigmaWithin],
  ['Cp', (r) => r.figures.cp],
  ['Cpk', (r) => r.figures.cpk],
  ['Pp', (r) => r.figures.pp],
  ['Ppk', (r) => r.figures.ppk],
  ['Out of limits (%)', (r) => r.figures.observedPercentOut],
  ['Expected PPM', (r) => r.figures.expectedPpm],
];

/** /report/capability: one step's histogram, figures and trace band (docs/web.md). */
export function CapabilityScreen() {
  const analysis = useCapabilityAnalysis();
  const { applied, label } = analysis;
  const data = analysis.report.data;
  return (
    <StepAnalysisFrame analysis={analysis} onExport={exportFigures}>
      {data && label && applied && (
        <>
          <StepSummary report={data} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <HistogramChart
              label={`Histogram of ${data.step} values${data.unit ? ` in ${data.unit}` : ''} with the spec limits and the fitted normal curve, ${applied.days[0]} to ${applied.days[1]}`}
              plot={{
                bins: data.histogram,
                unit: data.unit,
                lower: data.lower,
                upper: data.upper,
                fit:
                  data.figures.mean !== null && data.figures.sigmaOverall
                    ? { mean: data.figures.mean, sigma: data.figures.sigmaOverall }
                    : null,
              }}
            />
            <FiguresTable report={data} />
          </SimpleGrid>
          <TraceBandPanel applied={applied} unit={data.unit} />
        </>
      )}
    </StepAnalysisFrame>
  );
}

/** Which step, its unit, limits and the test-plan versions in the range. */
export function StepSummary({ report }: { report: StepRows }) {
  return (
    <Text size="sm">
      <b>{report.seqName}</b> / <b>{report.step}</b>
      {report.unit ? ` (${report.unit})` : ''}: LSL {figure(report.lower, [report.upper])}, USL{' '}
      {figure(report.upper, [report.lower])}
      {report.limitsChanged ? ' (the latest; the limits changed in the range)' : ''}. Test-plan versions:{' '}
      {versionList(report.versions)}.
      {report.notNumeric > 0 ? ` ${report.notNumeric} rows without a number left out.` : ''}
    </Text>
  );
}

function FiguresTable({ report }: { report: CapabilityReport }) {
  return (
    <Stack gap="xs">
      <Table withTableBorder striped aria-label="Capability figures" maw={420}>
        <Table.Tbody>
          {FIGURE_ROWS.map(([name, pick]) => (
            <Table.Tr key={name}>
              <Table.Th>{name}</Table.Th>
              <Table.Td ta="right">{figure(pick(report))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {report.figures.reason && (
        <Alert color="yellow" role="status">
          {report.figures.reason}
        </Alert>
      )}
    </Stack>
  );
}

/** The step's trace band in the range (median with p5-p95 or min-max), when its runs kept traces. */
function TraceBandPanel({ applied, unit }: { applied: AppliedPick; unit: string }) {
  const [edges, setEdges] = useState<BandEdges>('p5-p95');
  const band = useStepTraceBand(applied);
  const note = band.data && otherGridNote(band.data);
  const lines = band.data && bandLines(band.data, edges, false);
  return (
    <section aria-label="Trace band">
      <Group justify="space-between" mb="xs">
        <Title order={2}>Trace band</Title>
        <SegmentedControl
          aria-label="Band"
          value={edges}
          onChange={(v) => setEdges(v as BandEdges)}
          data={BAND_EDGE_OPTIONS}
        />
      </Group>
      {band.loading && <Loader aria-label="Loading" />}
      {band.error && (
        <Alert color="red" role="alert">
          {band.error}
        </Alert>
      )}
      {band.data && !lines && <Text c="dimmed">No run of this step kept a trace in the range.</Text>}
      {band.data?.band && lines && (
        <>
          <TraceChart
            plot={{
              title: `Median of ${applied.step}`,
              unit,
              freqs_MHz: band.data.band.freqsMhz,
              values: band.data.band.median,
              lower: band.data.lower ?? undefined,
              upper: band.data.upper ?? undefined,
              ...(band.data.plot && { plot: band.data.plot }),
              band: lines,
            }}
          />
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
        </>
      )}
    </section>
  );
}

function exportFigures(label: string, report: CapabilityReport): void {
  const csv = toCsv(
    ['Figure', 'Value'],
    [
      ['Test', report.seqName],
      ['Step', report.step],
      ['Unit', report.unit],
      ['LSL', report.lower ?? ''],
      ['USL', report.upper ?? ''],
      ['Versions', versionList(report.versions)],
      ...FIGURE_ROWS.map(([name, pick]) => [name, pick(report) ?? ''] as [string, number | string]),
      ['Reason', report.figures.reason ?? ''],
      ...report.histogram.map((b) => [`Bin ${b.from} to ${b.to}`, b.count] as [string, number]),
    ],
  );
  downloadText(csvFileName(label), csv);
}
