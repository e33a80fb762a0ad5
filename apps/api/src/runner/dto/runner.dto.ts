import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { StepResultDto } from '../../runs/dto/results.dto';
import { CalibrationUseDto, InstrumentUseDto } from '../../run-origin/dto/run-origin.dto';
import {
  type PendingSeq,
  type RunnableSeq,
  type RunnerProduct,
  type RunnerSnQuery,
  type RunnerSnState,
  type RunUpload,
  type RunUploadAnswer,
  type TraceUpload,
  type Verdict,
} from '@sweepline/domain';

/** GET /runner/sn. */
export class RunnerSnQueryDto implements RunnerSnQuery {
  @ApiProperty({ description: 'The serial number, exactly (case-sensitive)' })
  @IsString()
  sn!: string;

  @ApiPropertyOptional({
    description: 'The product; without it the serial number must be in one product only',
  })
  @IsOptional()
  @Matches(/^[1-9]\d{0,9}$/, { message: 'product_id: Invalid id' })
  product_id?: string;
}

/** OpenAPI only: traces are checked by the domain's tracesError (class-validator would be slow on 20,001 points). */
export class TraceUploadDto implements TraceUpload {
  @ApiProperty({ description: 'Index of the step result in steps' }) step_index!: number;
  @ApiProperty({ type: [Number], description: 'Ascending, at least 0, 1-20001 points' }) freqs_MHz!: number[];
  @ApiProperty({ type: [Number], description: 'As many as freqs_MHz' }) values!: number[];
  @ApiPropertyOptional({ description: 'The step is marked for the report (isReportScreen)' })
  report?: boolean;
}

/**
 * POST /runner/runs, for the OpenAPI document only: the body is checked whole by the domain's
 * runUploadError (class-transformer would take a second to copy 100,000 trace points), with
 * field paths like 'steps[3].result' and 'traces[0].freqs_MHz[17]'.
 */
export class RunUploadDto implements RunUpload {
  @ApiProperty({
    description: 'Made by the runner (a UUID): up to 64 of A-Z a-z 0-9 . _ : -; unique in the account',
  })
  client_run_id!: string;

  @ApiProperty({ description: 'The test that ran' })
  seq_id!: number;

  @ApiProperty({ description: 'The version of the test as downloaded' })
  seq_version!: number;

  @ApiPropertyOptional({
    description:
      'The release that ran (releaseNo of GET /runner/seqs/{id}); it must be released, and then seq_version is not checked against the draft',
  })
  release_no?: number;

  @ApiPropertyOptional({ description: "Optional: the test's product, checked when given" })
  product_id?: number;

  @ApiProperty({ description: 'A serial number of the product (case-sensitive)' })
  sn!: string;

  @ApiProperty({ description: 'ISO 8601 with a zone', example: '2025-11-23T09:12:03.114Z' })
  start_time!: string;

  @ApiProperty({ description: 'ISO 8601 with a zone, not before start_time' })
  end_time!: string;

  @ApiProperty({
    enum: [1, 0, -1],
    description: '1 passed, 0 failed, -1 aborted; passed/failed must match the steps',
  })
  result!: Verdict;

  @ApiProperty({ type: [StepResultDto], description: 'Up to 5000 step results' })
  steps!: StepResultDto[];

  @ApiPropertyOptional({
    type: [TraceUploadDto],
    description: 'Kept only for report-marked and failed steps',
  })
  traces?: TraceUploadDto[];

  @ApiPropertyOptional({ description: "What measured it (docs/traceability.md): the lab PC's name" })
  station?: string;

  @ApiPropertyOptional({ description: "The runner's version" })
  runner_version?: string;

  @ApiPropertyOptional({ type: [InstrumentUseDto], description: 'Up to 8; registered at their first run' })
  instruments?: InstrumentUseDto[];

  @ApiPropertyOptional({
    type: [CalibrationUseDto],
    description: 'Up to 16: whole the first time, then by key (409 for a key the server does not know)',
  })
  calibrations?: CalibrationUseDto[];
}

export class RunUploadAnswerDto implements RunUploadAnswer {
  @ApiProperty() run_id!: number;
  @ApiProperty() run_no!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The stage after the run; null when finished' })
  stage_no!: number | null;
  @ApiProperty() finished!: boolean;
}

export class RunnableSeqDto implements RunnableSeq {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() stageNo!: number;
  @ApiProperty() testNo!: number;
  @ApiProperty() version!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The release the runner runs (docs/releases.md); null when none holds the draft yet',
  })
  releaseNo!: number | null;
}

export class RunnerProductDto implements RunnerProduct {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() model!: string;
  @ApiProperty() info!: string;
  @ApiProperty({ type: [RunnableSeqDto] }) seqs!: RunnableSeqDto[];
}

export class PendingSeqDto extends RunnableSeqDto implements PendingSeq {
  @ApiProperty() isCompleted!: boolean;
  @ApiProperty() nextRunNo!: number;
}

export class RunnerSnStateDto implements RunnerSnState {
  @ApiProperty() sn!: string;
  @ApiProperty() productId!: number;
  @ApiProperty() productName!: string;
  @ApiProperty({ type: Number, nullable: true }) stageNo!: number | null;
  @ApiProperty() finished!: boolean;
  @ApiProperty({ type: [PendingSeqDto] }) pending!: PendingSeqDto[];
}
