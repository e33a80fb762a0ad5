import { Anchor, Table, Text, Title } from '@mantine/core';
import {
  WESTERN_ELECTRIC_RULES,
  type ControlChartReport,
  type ControlPoint,
  type WesternElectricRule,
} from '@sweepline/domain';
import {
  CONTROL_COLORS,
  ControlChart,
  downloadText,
  localDateTime,
  toCsv,
  type ControlPlot,
} from '@sweepline/ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { csvFileName } from '../reports/report-label';
import { StepSummary } from './CapabilityScreen';
import { figure } from './analysis-format';
import { measurementsApi } from './measurements.api';
import { StepAnalysisFrame } from './StepAnalysisFrame';
import { useStepAnalysis } from './useStepAnalysis';

/** The violations list shows this many; the CSV has every point. */
const VIOLATIONS_SHOWN = 300;

const day = (iso: string) => localDateTime(iso).slice(0, 10);

/** Where the test-plan version changes between consecutive points. */
function versionMarkers(points: readonly ControlPoint[]) {
  return points.flatMap((p, i) =>
    i > 0 && p.version !== points[i - 1]!.version ? [{ index: i, label: `v${p.version}` }] : [],
  );
}

/** The I and MR charts of an answer (docs/measurements.md, "Control chart"). */
function plots(report: ControlChartReport): { individuals: ControlPlot; ranges: ControlPlot } {
  const { points, limits } = report;
  const tickLabel = (i: number) => (points[i] ? day(points[i].startTime) : '');
  const markers = versionMarkers(points);
  const hasSpec = (side: 'lower' | 'upper') => points.some((p) => p[side] !== null);
  const level = (label: string, value: number, color: string) => ({
    label: `${label} ${figure(value)}`,
    value,
    color,
  });
  return {
    individuals: {
      title: report.step,
      unit: report.unit,
      points: points.map((p) => ({ value: p.value, flagged: p.rules.length > 0 })),
      levels: limits
        ? [
            level('x̄', limits.centre, CONTROL_COLORS.centre),
            level('UCL', limits.upperLimit, CONTROL_COLORS.limit),
            level('LCL', limits.lowerLimit, CONTROL_COLORS.limit),
          ]
        : [],
      stepped: (['lower', 'upper'] as const)
        .filter(hasSpec)
        .map((side) => ({ label: side === 'lower' ? 'LSL' : 'USL', values: points.map((p) => p[side]) })),
      tickLabel,
      markers,
    },
    ranges: {
      title: 'Moving range',
      unit: report.unit,
      points: points.map((p) => ({ value: p.movingRange, flagged: false })),
      levels: limits
        ? [
            level('MR̄', limits.mrCentre, CONTROL_COLORS.centre),
            level('UCL', limits.mrUpperLimit, CONTROL_COLORS.limit),
          ]
        : [],
      tickLabel,
      markers,
    },
  };
}

/** /report/control: the individuals and moving-range charts of one step, and the rule violations. */
export function ControlScreen() {
  const analysis = useStepAnalysis('Control Chart', measurementsApi.control);
  const { applied } = analysis;
  const data = analysis.report.data;
  const drawn = useMemo(() => data && plots(data), [data]);
  const violations = data ? data.points.flatMap((p) => p.rules.map((rule) => ({ rule, point: p }))) : [];
  return (
    <StepAnalysisFrame analysis={analysis} onExport={exportPoints}>
      {data && drawn && applied && (
        <>
          <StepSummary report={data} />
          <Text size="sm">
            {data.points.length} values in time order; x̄ {figure(data.limits?.centre)}, σ within{' '}
            {figure(data.limits?.sigmaWithin)}. Red points break a Western Electric rule; dashed purple lines
            are the spec limits; grey dashed lines mark a new test-plan version.
          </Text>
          <ControlChart
            label={`Individuals chart of ${data.step}${data.unit ? ` in ${data.unit}` : ''}, ${applied.days[0]} to ${applied.days[1]}: values in time order with x̄, the 3σ control limits and the spec limits`}
            plot={drawn.individuals}
            height={320}
          />
          <ControlChart
            label={`Moving-range chart of ${data.step}, ${applied.days[0]} to ${applied.days[1]}: ranges of consecutive values with MR̄ and its upper limit`}
            plot={drawn.ranges}
            height={200}
          />
          <Violations rows={violations} unit={data.unit} />
        </>
      )}
    </StepAnalysisFrame>
  );
}

function Violations({
  rows,
  unit,
}: {
  rows: { rule: WesternElectricRule; point: ControlPoint }[];
  unit: string;
}) {
  return (
    <section aria-label="Rule violations">
      <Title order={2} mb="xs">
        Rule violations ({rows.length})
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">No point breaks a Western Electric rule.</Text>
      ) : (
        <Table striped withTableBorder aria-label="Rule violations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rule</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Serial number</Table.Th>
              <Table.Th ta="right">Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, VIOLATIONS_SHOWN).map(({ rule, point }) => (
              <Table.Tr key={`${point.runId}:${rule}`}>
                <Table.Td>
                  {rule}: {WESTERN_ELECTRIC_RULES[rule]}
                </Table.Td>
                <Table.Td>{localDateTime(point.startTime)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/tr?sn=${encodeURIComponent(point.sn)}&run=${point.runId}`}>
                    {point.sn}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">
                  {figure(point.value)} {unit}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {rows.length > VIOLATIONS_SHOWN && (
        <Text size="sm" c="dimmed">
          The first {VIOLATIONS_SHOWN} are listed; Export CSV has every point with its rules.
        </Text>
      )}
    </section>
  );
}

function exportPoints(label: string, report: ControlChartReport): void {
  const csv = toCsv(
    ['Start time', 'Serial number', 'Value', 'Moving range', 'LSL', 'USL', 'Version', 'Rules'],
    report.points.map((p) => [
      p.startTime,
      p.sn,
      p.value,
      p.movingRange ?? '',
      p.lower ?? '',
      p.upper ?? '',
      p.version,
      p.rules.join(' '),
    ]),
  );
  downloadText(csvFileName(label), csv);
}
