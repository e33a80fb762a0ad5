import { Alert, Anchor, Table, Text, Title } from '@mantine/core';
import {
  WESTERN_ELECTRIC_RULES,
  controlPoints,
  seriesMovingRanges,
  toCsv,
  type ControlChartReport,
  type ControlSeries,
  type WesternElectricRule,
} from '@sweepline/domain';
import {
  CONTROL_COLORS,
  ControlChart,
  downloadText,
  localDateTime,
  usePlotWidth,
  type ControlPlot,
} from '@sweepline/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { csvFileName } from '../reports/report-label';
import { StepSummary } from './CapabilityScreen';
import { figure } from './analysis-format';
import { StepAnalysisFrame } from './StepAnalysisFrame';
import { useControlAnalysis } from './useStepAnalysis';
import type { AppliedPick } from './applied-pick';
import { ChartZoom, plotWidth, type Zoom } from './ChartZoom';
import { allControlPoints } from './useMeasurementData';
import { FROZEN_COLOR, SpcLimitsPanel } from '../spc/SpcLimitsPanel';
import { useStepSpc, type StepSpc } from '../spc/useStepSpc';

/** The violations list shows this many; the CSV has every point. */
const VIOLATIONS_SHOWN = 300;

const day = (ms: number) => localDateTime(new Date(ms).toISOString()).slice(0, 10);

/** Where the test-plan version changes (the first version has no marker). */
function versionMarkers(points: ControlSeries) {
  return points.versions.slice(1).map((v) => ({ index: v.from, label: `v${v.version}` }));
}

/**
 * The I and MR charts of an answer (docs/measurements.md, "Control chart"); with production SPC
 * (issue 41), the frozen limits as orange lines and the open alarm's points marked "alarm".
 */
function plots(
  report: ControlChartReport,
  spc: Pick<StepSpc, 'frozen' | 'alarm'>,
): { individuals: ControlPlot; ranges: ControlPlot } {
  const { points, limits, reduction } = report;
  const tickLabel = (i: number) => (points.times[i] === undefined ? '' : day(points.times[i]));
  const markers = versionMarkers(points);
  const spec = (side: 'lower' | 'upper') => ({
    label: side === 'lower' ? 'LSL' : 'USL',
    changes: points.limits.map((l) => ({ from: l.from, value: l[side] })),
  });
  const level = (label: string, value: number, color: string) => ({
    label: `${label} ${figure(value)}`,
    value,
    color,
  });
  const rangeLevels = limits
    ? [
        level('x̄', limits.centre, CONTROL_COLORS.centre),
        level('UCL', limits.upperLimit, CONTROL_COLORS.limit),
        level('LCL', limits.lowerLimit, CONTROL_COLORS.limit),
      ]
    : [];
  const { frozen, alarm } = spc;
  const frozenLevels = frozen
    ? [
        level('Frozen x̄', frozen.centre, FROZEN_COLOR),
        level('Frozen UCL', frozen.upperLimit, FROZEN_COLOR),
        level('Frozen LCL', frozen.lowerLimit, FROZEN_COLOR),
      ]
    : [];
  // the alarm's points among those drawn (a reply sized by the screen may leave some out)
  const alarmRuns = new Set(alarm?.violations.map((v) => v.runId));
  const alarmMarkers = points.runIds.flatMap((runId, index) =>
    alarmRuns.has(runId) ? [{ index, label: 'alarm', onPoint: true as const }] : [],
  );
  return {
    individuals: {
      title: report.step,
      unit: report.unit,
      values: points.values,
      flagged: points.violations.map((v) => v.index),
      levels: [...rangeLevels, ...frozenLevels],
      stepped: (['lower', 'upper'] as const)
        .map(spec)
        .filter((line) => line.changes.some((c) => c.value !== null)),
      tickLabel,
      markers: [...markers, ...alarmMarkers],
    },
    ranges: {
      title: 'Moving range',
      unit: report.unit,
      // a reply sized by the screen carries each point's range among all points
      values: reduction ? reduction.movingRanges : seriesMovingRanges(points.values),
      flagged: [],
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

/** One row of the violations list: a rule a point completes. */
interface Violation {
  rule: WesternElectricRule;
  index: number;
}

/** /report/control: the individuals and moving-range charts of one step, and the rule violations. */
export function ControlScreen() {
  // the width alone: Mantine's useElementSize also followed the height, and each growth of the
  // screen (the answer, the violations) drew it all again, the two charts included, unsliced
  const { ref, width } = usePlotWidth<HTMLDivElement>();
  // a zoom belongs to the pick it was made on: a new Apply shows the whole range
  const [zoomed, setZoomed] = useState<{ of: AppliedPick; zoom: Zoom } | null>(null);
  const [exportError, setExportError] = useState<string>();
  const analysis = useControlAnalysis(plotWidth(width ?? 0), zoomed);
  const { applied } = analysis;
  const zoom = zoomed && zoomed.of === applied ? zoomed.zoom : null;
  const data = analysis.report.data;
  const spc = useStepSpc(applied);
  const { frozen, alarm } = spc;
  const drawn = useMemo(() => data && plots(data, { frozen, alarm }), [data, frozen, alarm]);
  const violations: Violation[] = data
    ? data.points.violations.flatMap((v) => v.rules.map((rule) => ({ rule, index: v.index })))
    : [];
  const onExport = (label: string, report: ControlChartReport) => {
    if (!applied) return;
    setExportError(undefined);
    // the screen may hold only what its plot can show: the CSV asks for every point
    const every = report.reduction ? allControlPoints(applied) : Promise.resolve(report);
    every.then((all) => exportPoints(label, all)).catch((e: Error) => setExportError(e.message));
  };
  return (
    <div ref={ref}>
      <StepAnalysisFrame analysis={analysis} onExport={onExport}>
        {exportError && (
          <Alert color="red" role="alert">
            {exportError}
          </Alert>
        )}
        {data && drawn && applied && (
          <>
            <StepSummary report={data} />
            <Text size="sm">
              {shownText(data)} x̄ {figure(data.limits?.centre)}, σ within {figure(data.limits?.sigmaWithin)}.
              Red points break a Western Electric rule {judgedAgainst(data)}; dashed purple lines are the spec
              limits; grey dashed lines mark a new test-plan version.
            </Text>
            <SpcLimitsPanel spc={spc} applied={applied} />
            <ControlChart
              label={`Individuals chart of ${data.step}${data.unit ? ` in ${data.unit}` : ''}, ${applied.days[0]} to ${applied.days[1]}: values in time order with x̄, the 3σ control limits and the spec limits`}
              plot={drawn.individuals}
              height={320}
            />
            <ChartZoom
              times={data.points.times}
              zoom={zoom}
              onZoom={(z) => setZoomed(z && { of: applied, zoom: z })}
            />
            <ControlChart
              label={`Moving-range chart of ${data.step}, ${applied.days[0]} to ${applied.days[1]}: ranges of consecutive values with MR̄ and its upper limit`}
              plot={drawn.ranges}
              height={200}
            />
            <Violations rows={violations} report={data} />
          </>
        )}
      </StepAnalysisFrame>
    </div>
  );
}

/** How many values the figures are of, and how many the chart draws when the reply is sized by the screen. */
function shownText(report: ControlChartReport): string {
  const { reduction, points } = report;
  if (!reduction) return `${points.values.length} values in time order;`;
  const drawn = points.values.length;
  return drawn === reduction.total
    ? `${reduction.total} values in time order;`
    : `${reduction.total} values in time order, ${drawn} drawn here (each pixel column's lowest and highest, and every point that breaks a rule);`;
}

/**
 * What the reply's rules judged the points against (docs/measurements.md, "Frozen limits on the
 * chart"): the frozen limits, as the runs were judged at upload, or the range's own.
 */
function judgedAgainst(report: ControlChartReport): string {
  const { frozen } = report;
  return frozen
    ? `against the frozen limits (orange; x̄ ${figure(frozen.centre)}, σ within ${figure(frozen.sigmaWithin)}), as each run is judged at upload`
    : 'against the limits of the range on screen';
}

function Violations({ rows, report }: { rows: Violation[]; report: ControlChartReport }) {
  const { points, unit } = report;
  return (
    <section aria-label="Rule violations">
      <Title order={2} mb="xs">
        Rule violations ({rows.length})
      </Title>
      <Text size="sm" mb="xs">
        Judged {judgedAgainst(report)}.
      </Text>
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
            {rows.slice(0, VIOLATIONS_SHOWN).map(({ rule, index }) => {
              const sn = points.sns[index]!;
              const runId = points.runIds[index]!;
              return (
                <Table.Tr key={`${runId}:${rule}`}>
                  <Table.Td>
                    {rule}: {WESTERN_ELECTRIC_RULES[rule]}
                  </Table.Td>
                  <Table.Td>{localDateTime(new Date(points.times[index]!).toISOString())}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/tr?sn=${encodeURIComponent(sn)}&run=${runId}`}>
                      {sn}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">
                    {figure(points.values[index]!)} {unit}
                  </Table.Td>
                </Table.Tr>
              );
            })}
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
    controlPoints(report.points).map((p) => [
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
