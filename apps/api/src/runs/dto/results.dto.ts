import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import {
  type AttachmentInfo,
  type AttachmentKind,
  type LatestRun,
  type SnProductsQuery,
  type RunRelease,
  type RunReport,
  type SnReport,
  type SnReportQuery,
  type StepResult,
  type TraceData,
  type Verdict,
} from '@sweepline/domain';

/** GET /report/sn/products (ours): every product's runs of a serial number. */
export class SnProductsQueryDto implements SnProductsQuery {
  @ApiProperty({ description: 'The serial number, exactly (case-sensitive); trimmed' })
  @IsString()
  sn!: string;

  @ApiPropertyOptional({
    enum: ['0', '1'],
    description: '1: every run; 0 (default): the latest run of each test',
  })
  @IsOptional()
  @IsIn(['0', '1'])
  is_all?: '0' | '1';
}

/** GET /report/sn (docs/requirements/results.md#calls): the same, narrowed to one product. */
export class SnReportQueryDto extends SnProductsQueryDto implements SnReportQuery {
  @ApiPropertyOptional({ description: 'Ours: the product, when several hold the serial number' })
  @IsOptional()
  @Matches(/^[1-9]\d{0,9}$/, { message: 'product_id: Invalid id' })
  product_id?: string;
}

/** Ours (issue 39): the release a run was made with. */
export class RunReleaseDto implements RunRelease {
  @ApiProperty() no!: number;
  @ApiProperty({ description: 'When the release was made, ISO 8601' }) at!: string;
  @ApiProperty() note!: string;
  @ApiProperty({ description: "The test's newest release now: a run of an older release is marked" })
  newestNo!: number;
}

const RELEASE_PROPERTY = {
  type: RunReleaseDto,
  nullable: true,
  description: 'Ours (issue 39): the release the run was made with; null for a run made before releases',
};

export class LatestRunDto implements LatestRun {
  @ApiProperty() runId!: number;
  @ApiProperty() sn!: string;
  @ApiProperty() productId!: number;
  @ApiProperty() productName!: string;
  @ApiProperty() seqName!: string;
  @ApiProperty({ enum: [1, 0, -1] }) result!: Verdict;
  @ApiProperty() startTime!: string;
  @ApiProperty(RELEASE_PROPERTY) release!: RunReleaseDto | null;
}

export class StepResultDto implements StepResult {
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'The header flag: a Report Heading row' }) isHeader!: boolean;
  @ApiProperty({ nullable: true, oneOf: [{ type: 'number' }, { type: 'string' }] }) lower!:
    number | string | null;
  @ApiProperty({ nullable: true, oneOf: [{ type: 'number' }, { type: 'string' }] }) upper!:
    number | string | null;
  @ApiProperty({ nullable: true, oneOf: [{ type: 'number' }, { type: 'string' }] }) value!:
    number | string | null;
  @ApiProperty() unit!: string;
  @ApiProperty({ enum: [1, 0] }) result!: 0 | 1;
  @ApiPropertyOptional({
    type: [String],
    description:
      "Ours: the measurement's warnings (a gate narrower than its shape's minimum); no effect on the result",
  })
  warnings?: string[];

  @ApiPropertyOptional({
    type: [String],
    description:
      "Ours: the answers that pass an answered step (a Question's expected answer, a Multiple Choice's checked options); the server judges the value against them",
  })
  expected?: string[];
}

export class RunReportDto implements RunReport {
  @ApiProperty({ description: 'Ours: for GET /runs/{id}/traces and attachments' }) runId!: number;
  @ApiProperty() seqId!: number;
  @ApiProperty() snStageHistoryId!: number;
  @ApiProperty() runNo!: number;
  @ApiProperty() startTime!: string;
  @ApiProperty() seqName!: string;
  @ApiProperty({ description: "Ours: the test's version the run was made with" }) seqVersion!: number;
  @ApiProperty({
    description: "Ours: the test's version now; above seqVersion when the test was edited since the run",
  })
  currentSeqVersion!: number;
  @ApiProperty({ enum: [1, 0, -1] }) result!: Verdict;
  @ApiProperty() userName!: string;
  @ApiProperty({ type: [StepResultDto] }) steps!: StepResultDto[];
  @ApiProperty(RELEASE_PROPERTY) release!: RunReleaseDto | null;
}

export class SnReportDto implements SnReport {
  @ApiProperty() sn!: string;
  @ApiProperty() productId!: number;
  @ApiProperty() productName!: string;
  @ApiProperty({ type: [RunReportDto] }) reports!: RunReportDto[];
  @ApiPropertyOptional({
    description: 'Ours, without product_id: how many of the account’s live products hold the serial number',
  })
  productCount?: number;
}

export class TraceDataDto implements TraceData {
  @ApiProperty() stepIndex!: number;
  @ApiProperty({ type: [Number] }) freqs_MHz!: number[];
  @ApiProperty({ type: [Number] }) values!: number[];
}

export class AttachmentInfoDto implements AttachmentInfo {
  @ApiProperty() id!: number;
  @ApiProperty() runId!: number;
  @ApiProperty() stepIndex!: number;
  @ApiProperty({ enum: ['screenshot', 'snp'] }) kind!: AttachmentKind;
  @ApiProperty() fileName!: string;
  @ApiProperty() contentType!: string;
  @ApiProperty() size!: number;
}
