import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { CHART_WIDTH } from '@sweepline/domain';
import type {
  CapabilityFigures,
  ControlChartQuery,
  PackedControlPoints,
  CapabilityReport,
  ControlChartReport,
  ControlLimits,
  ControlSeries,
  LimitsFrom,
  RuleViolation,
  VersionFrom,
  FailedRun,
  FailedRunsQuery,
  FrozenCentre,
  FailureBar,
  FailureParetoReport,
  FailureQuery,
  HistogramBin,
  MeasuredStep,
  MeasuredStepsQuery,
  OwnTrace,
  SeqVersions,
  ParetoCount,
  StepAnalysisQuery,
  StepRows,
  TraceBand,
  TraceBandQuery,
  TraceBandReport,
  StepPlot,
  WesternElectricRule,
} from '@sweepline/domain';
import { ReportRangeQueryDto, QueryValue, isId } from './reports.dto';

export const ANALYSIS_MSG = {
  step: 'The step title, 1 to 200 characters',
  count: "Either 'first' (each failed run at its first failing step) or 'every' (every failing step)",
  seqOrAll: 'A test id, or -1 for every test of the product',
  aborted: 'Either 1 (the aborted runs) or 0',
  width: `The plot's width in whole pixels, from ${CHART_WIDTH.min} to ${CHART_WIDTH.max}`,
  zoom: 'A time in epoch milliseconds, like 1732320000000',
  zoomBoth: 'zoom_stop: Give both zoom_start and zoom_stop, the stop not before the start',
} as const;

const isWidth = (v: string) =>
  /^\d{1,6}$/.test(v) && Number(v) >= CHART_WIDTH.min && Number(v) <= CHART_WIDTH.max;
const isMs = (v: string) => /^\d{1,13}$/.test(v);

const isTitle = (v: string) => v.length >= 1 && v.length <= 200;

export class MeasuredStepsQueryDto extends ReportRangeQueryDto implements MeasuredStepsQuery {
  @ApiProperty({ type: 'integer', description: 'A live test of a live product of the account' })
  @QueryValue(isId, 'Invalid id')
  seq_id!: string;
}

export class StepAnalysisQueryDto extends ReportRangeQueryDto implements StepAnalysisQuery {
  @ApiProperty({ type: 'integer', description: 'A live test of a live product of the account' })
  @QueryValue(isId, 'Invalid id')
  seq_id!: string;

  @ApiProperty({ description: "The step result's title (its key across test-plan versions)" })
  @QueryValue(isTitle, ANALYSIS_MSG.step)
  step!: string;
}

export class ControlChartQueryDto extends StepAnalysisQueryDto implements ControlChartQuery {
  @ApiPropertyOptional({
    type: 'integer',
    description: `The plot's width in pixels (${CHART_WIDTH.min}-${CHART_WIDTH.max}): the reply holds each pixel column's lowest and highest point and every rule break; without it, every point`,
  })
  @IsOptional()
  @QueryValue(isWidth, ANALYSIS_MSG.width)
  width?: string;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'A zoom inside the range: its first instant, epoch ms',
  })
  @IsOptional()
  @QueryValue(isMs, ANALYSIS_MSG.zoom)
  zoom_start?: string;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'A zoom inside the range: its last instant, epoch ms',
  })
  @IsOptional()
  @QueryValue(isMs, ANALYSIS_MSG.zoom)
  zoom_stop?: string;
}

export class TraceBandQueryDto extends StepAnalysisQueryDto implements TraceBandQuery {
  @ApiPropertyOptional({
    type: 'integer',
    description: 'A run of the account whose own trace is drawn over the band',
  })
  @IsOptional()
  @QueryValue(isId, 'Invalid id')
  run_id?: string;
}

export class FailureQueryDto extends ReportRangeQueryDto implements FailureQuery {
  @ApiProperty({ type: 'integer', description: 'A live product of the account' })
  @QueryValue(isId, 'Invalid id')
  product_id!: string;

  @ApiProperty({ type: 'integer', description: 'A live test of the product, or -1 for all of them' })
  @QueryValue((v) => v === '-1' || isId(v), ANALYSIS_MSG.seqOrAll)
  seq_id!: string;

  @ApiProperty({ enum: ['first', 'every'], description: 'How a failed run is counted' })
  @QueryValue((v) => v === 'first' || v === 'every', ANALYSIS_MSG.count)
  count!: ParetoCount;
}

export class FailedRunsQueryDto extends FailureQueryDto implements FailedRunsQuery {
  @ApiPropertyOptional({ description: "The bar's step title (not with aborted=1)" })
  @IsOptional()
  @QueryValue(isTitle, ANALYSIS_MSG.step)
  step?: string;

  @ApiPropertyOptional({ enum: ['1', '0'], description: "1: the aborted runs' bar" })
  @IsOptional()
  @QueryValue((v) => v === '1' || v === '0', ANALYSIS_MSG.aborted)
  aborted?: '1' | '0';
}

export class MeasuredStepDto implements MeasuredStep {
  @ApiProperty() title!: string;
  @ApiProperty({ description: "The unit of the step's latest row" }) unit!: string;
}

class CapabilityFiguresDto implements CapabilityFigures {
  @ApiProperty() n!: number;
  @ApiProperty({ type: Number, nullable: true }) mean!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Sample standard deviation (n − 1)' })
  sigmaOverall!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'MR̄ / 1.128' }) sigmaWithin!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null with one limit' }) cp!: number | null;
  @ApiProperty({ type: Number, nullable: true }) cpk!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null with one limit' }) pp!: number | null;
  @ApiProperty({ type: Number, nullable: true }) ppk!: number | null;
  @ApiProperty({ type: Number, nullable: true }) observedPercentOut!: number | null;
  @ApiProperty({ type: Number, nullable: true }) expectedPpm!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the indices are null' }) reason!:
    string | null;
}

class HistogramBinDto implements HistogramBin {
  @ApiProperty() from!: number;
  @ApiProperty() to!: number;
  @ApiProperty() count!: number;
}

/** The fields every one-step answer shares (StepRows). */
class StepRowsDto implements StepRows {
  @ApiProperty() seqId!: number;
  @ApiProperty() seqName!: string;
  @ApiProperty() step!: string;
  @ApiProperty() unit!: string;
  @ApiProperty({ type: [Number], description: 'Test-plan versions of the runs in the range' })
  versions!: number[];
  @ApiProperty({ type: Number, nullable: true, description: "The latest run's lower limit" }) lower!:
    number | null;
  @ApiProperty({ type: Number, nullable: true, description: "The latest run's upper limit" }) upper!:
    number | null;
  @ApiProperty() limitsChanged!: boolean;
  @ApiProperty({ description: 'Rows without a number, left out' }) notNumeric!: number;
}

export class CapabilityReportDto extends StepRowsDto implements CapabilityReport {
  @ApiProperty({ type: CapabilityFiguresDto }) figures!: CapabilityFiguresDto;
  @ApiProperty({ type: [HistogramBinDto] }) histogram!: HistogramBinDto[];
}

class ControlLimitsDto implements ControlLimits {
  @ApiProperty() centre!: number;
  @ApiProperty() sigmaWithin!: number;
  @ApiProperty() lowerLimit!: number;
  @ApiProperty() upperLimit!: number;
  @ApiProperty() mrCentre!: number;
  @ApiProperty() mrUpperLimit!: number;
}

class LimitsFromDto implements LimitsFrom {
  @ApiProperty({ description: 'The first point these limits hold for' }) from!: number;
  @ApiProperty({ type: Number, nullable: true }) lower!: number | null;
  @ApiProperty({ type: Number, nullable: true }) upper!: number | null;
}

class VersionFromDto implements VersionFrom {
  @ApiProperty({ description: 'The first point of this version' }) from!: number;
  @ApiProperty() version!: number;
}

class ViolationDto implements RuleViolation {
  @ApiProperty({ description: 'The point' }) index!: number;
  @ApiProperty({ type: [Number], description: 'Western Electric rules 1-4 this point completes' })
  rules!: WesternElectricRule[];
}

class ControlSeriesDto implements ControlSeries {
  @ApiProperty({ type: [Number] }) runIds!: number[];
  @ApiProperty({ type: [Number], description: 'Start times, epoch ms' }) times!: number[];
  @ApiProperty({ type: [String] }) sns!: string[];
  @ApiProperty({ type: [Number] }) values!: number[];
  @ApiProperty({ type: [LimitsFromDto], description: 'The spec limits where they change' })
  limits!: LimitsFromDto[];
  @ApiProperty({ type: [VersionFromDto], description: 'The test-plan version where it changes' })
  versions!: VersionFromDto[];
  @ApiProperty({ type: [ViolationDto], description: 'The points that complete a rule' })
  violations!: ViolationDto[];
}

class PackedControlPointsDto implements PackedControlPoints {
  @ApiProperty({ description: 'The points in the range (limits and rules are those of all of them)' })
  total!: number;
  @ApiProperty() width!: number;
  @ApiProperty({
    type: [Number],
    description:
      "Each point sent: its index among the range's points, minus the one before's (the first minus 0)",
  })
  indexSteps!: number[];
  @ApiProperty({ type: [Number], description: 'Start times, epoch ms, as steps like indexSteps' })
  timeSteps!: number[];
  @ApiProperty({ type: [Number], description: 'Run ids as steps like indexSteps' }) runIdSteps!: number[];
  @ApiProperty({ type: [Number] }) values!: number[];
  @ApiProperty({
    type: [Number],
    description: 'For each point sent whose point before it in the range is not sent, in order: that value',
  })
  before!: number[];
  @ApiProperty({
    type: [LimitsFromDto],
    description: 'The spec limits where they change, among the points sent',
  })
  limits!: LimitsFromDto[];
  @ApiProperty({ type: [VersionFromDto], description: 'The version where it changes, among the points sent' })
  versions!: VersionFromDto[];
  @ApiProperty({
    type: [Number],
    description: 'The points sent that complete a rule: their positions among them, as steps',
  })
  violationSteps!: number[];
  @ApiProperty({ type: [Number], description: "Each such point's rules as bits: rule r is bit r − 1" })
  violationRules!: number[];
  @ApiProperty({ type: [String], description: "Each such point's serial number" }) violationSns!: string[];
}

class FrozenCentreDto implements FrozenCentre {
  @ApiProperty() centre!: number;
  @ApiProperty() sigmaWithin!: number;
}

/** ControlChartReply: `points` without width, `packed` with it. */
export class ControlChartReportDto extends StepRowsDto implements Omit<ControlChartReport, 'points'> {
  @ApiProperty({ type: ControlLimitsDto, nullable: true }) limits!: ControlLimitsDto | null;
  @ApiProperty({
    type: FrozenCentreDto,
    nullable: true,
    description:
      "The step's frozen centre and σ within the rules judged the points against; null: the range's own limits",
  })
  frozen!: FrozenCentreDto | null;
  @ApiPropertyOptional({
    type: ControlSeriesDto,
    description: 'Without width: every point in time order, column-wise',
  })
  points?: ControlSeriesDto;
  @ApiPropertyOptional({
    type: PackedControlPointsDto,
    description: "With width: each pixel column's extremes and every point that breaks a rule, packed",
  })
  packed?: PackedControlPointsDto;
}

class FailureBarDto implements FailureBar {
  @ApiProperty({ type: Number, nullable: true, description: "null: the aborted runs' bar" }) seqId!:
    number | null;
  @ApiProperty({ type: String, nullable: true }) seqName!: string | null;
  @ApiProperty({ type: String, nullable: true }) step!: string | null;
  @ApiProperty() count!: number;
  @ApiProperty() percent!: number;
  @ApiProperty() cumulativePercent!: number;
}

class SeqVersionsDto implements SeqVersions {
  @ApiProperty() seqId!: number;
  @ApiProperty() seqName!: string;
  @ApiProperty({ type: [Number] }) versions!: number[];
}

export class FailureParetoReportDto implements FailureParetoReport {
  @ApiProperty({ enum: ['first', 'every'] }) count!: ParetoCount;
  @ApiProperty() failedRuns!: number;
  @ApiProperty() abortedRuns!: number;
  @ApiProperty({ type: [SeqVersionsDto] }) versions!: SeqVersionsDto[];
  @ApiProperty({ type: [FailureBarDto] }) bars!: FailureBarDto[];
}

export class FailedRunDto implements FailedRun {
  @ApiProperty() runId!: number;
  @ApiProperty() startTime!: string;
  @ApiProperty() sn!: string;
  @ApiProperty() seqId!: number;
  @ApiProperty() seqName!: string;
  @ApiProperty({ nullable: true, description: 'The failing row; null for an aborted run' })
  value!: number | string | null;
  @ApiProperty({ nullable: true }) lower!: number | string | null;
  @ApiProperty({ nullable: true }) upper!: number | string | null;
  @ApiProperty() unit!: string;
}

class TraceBandDto implements TraceBand {
  @ApiProperty({ type: [Number] }) freqsMhz!: number[];
  @ApiProperty({ type: [Number], description: 'Nearest-rank median per point' }) median!: number[];
  @ApiProperty({ type: [Number] }) p5!: number[];
  @ApiProperty({ type: [Number] }) p95!: number[];
  @ApiProperty({ type: [Number] }) min!: number[];
  @ApiProperty({ type: [Number] }) max!: number[];
  @ApiProperty() traces!: number;
  @ApiProperty({ description: 'Traces on another frequency grid, left out' }) otherGrid!: number;
}

class OwnTraceDto implements OwnTrace {
  @ApiProperty() runId!: number;
  @ApiProperty() sn!: string;
  @ApiProperty({ type: [Number] }) values!: number[];
}

export class TraceBandReportDto implements TraceBandReport {
  @ApiProperty() step!: string;
  @ApiProperty() unit!: string;
  @ApiProperty({ type: Number, nullable: true }) lower!: number | null;
  @ApiProperty({ type: Number, nullable: true }) upper!: number | null;
  @ApiProperty({ type: TraceBandDto, nullable: true }) band!: TraceBandDto | null;
  @ApiProperty({ type: OwnTraceDto, nullable: true }) own!: OwnTraceDto | null;
  @ApiProperty({
    type: Object,
    nullable: true,
    description:
      "The step's StepPlot (action, band, window) derived from the test's step: where its limit lines go; null where it cannot be derived, and no line is drawn",
  })
  plot!: StepPlot | null;
}
