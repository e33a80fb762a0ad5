import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { IsId } from '../../common/ids';
import { ProductListSeqDto } from '../../reports/dto/reports.dto';
import {
  type AddedSerialNumbers,
  type JumpedSerialNumbers,
  type JumpToStageRequest,
  type SerialNumbersRequest,
  type SnHistoryQuery,
  type SnProduct,
  type SnLatestRun,
  type SnStageHistory,
  type SnUnit,
  type SnUnitsQuery,
  type StageHistoryEntry,
  type Verdict,
  type StageReason,
} from '@sweepline/domain';

const SN_ARRAY = 'Up to 1000 serial numbers, each as sent (clients trim), distinct; case-sensitive';

/** POST /sn and DELETE /sn (docs/requirements/serial-numbers.md#calls). */
export class SerialNumbersDto implements SerialNumbersRequest {
  @IsId('The product of the serial numbers')
  product_id!: number;

  @ApiProperty({ description: SN_ARRAY, type: [String] })
  @IsArray()
  @IsString({ each: true })
  sn_array!: string[];
}

/** POST /sn_stage_history: jump to stage (docs/requirements/serial-numbers.md#calls). */
export class JumpToStageDto implements JumpToStageRequest {
  @ApiProperty({ description: SN_ARRAY, type: [String] })
  @IsArray()
  @IsString({ each: true })
  sn_array!: string[];

  @ApiProperty({ description: 'A stage of the product (a stage number of its live tests), 1-99' })
  // stacked decorators register bottom-up: the type check first, so it names a wrong type
  @Max(99)
  @Min(1)
  @IsInt()
  stage_no!: number;

  @IsOptional()
  @IsId('Ours, optional: the product; without it each serial number must be in one product of the account')
  product_id?: number;
}

export class SnProductDto implements SnProduct {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() model!: string;
  @ApiProperty() info!: string;
  @ApiProperty({ type: [ProductListSeqDto], description: 'Its live tests, by stage and test number' })
  seqs!: ProductListSeqDto[];
  @ApiProperty({ type: [String], description: 'Its serial numbers, in code-point order' })
  snArray!: string[];
  @ApiProperty({ type: [Number], description: 'The stage numbers of its live tests, ascending' })
  stageArray!: number[];
}

export class AddedSerialNumbersDto implements AddedSerialNumbers {
  @ApiProperty() productId!: number;
  @ApiProperty({ type: [String], description: 'The serial numbers added, in request order' })
  snArray!: string[];
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Their stage; null: the product has no tests',
  })
  stageNo!: number | null;
}

export class JumpedSerialNumbersDto implements JumpedSerialNumbers {
  @ApiProperty() productId!: number;
  @ApiProperty({ type: [String] }) snArray!: string[];
  @ApiProperty() stageNo!: number;
}

/** GET /sn/history (ours): one serial number of one product. */
export class SnHistoryQueryDto implements SnHistoryQuery {
  @ApiProperty({ description: 'The product holding the serial number' })
  @IsString()
  @Matches(/^[1-9]\d{0,9}$/, { message: 'product_id: Invalid id' })
  product_id!: string;

  @ApiProperty({ description: 'The serial number, exactly (case-sensitive)' })
  @IsString()
  sn!: string;
}

export class StageHistoryEntryDto implements StageHistoryEntry {
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'null: finished' })
  stageNo!: number | null;
  @ApiProperty({ enum: ['add', 'advance', 'jump'] }) reason!: StageReason;
  @ApiProperty() createdAt!: string;
  @ApiProperty() createdByName!: string;
}

export class SnStageHistoryDto implements SnStageHistory {
  @ApiProperty() productId!: number;
  @ApiProperty() sn!: string;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'null: finished, or no tests yet' })
  stageNo!: number | null;
  @ApiProperty() finished!: boolean;
  @ApiProperty({ type: [StageHistoryEntryDto], description: 'Newest first' })
  entries!: StageHistoryEntryDto[];
}

/** GET /sn/units (ours): one product's serial numbers. */
export class SnUnitsQueryDto implements SnUnitsQuery {
  @ApiProperty({ description: 'The product' })
  @IsString()
  @Matches(/^[1-9]\d{0,9}$/, { message: 'product_id: Invalid id' })
  product_id!: string;
}

export class SnLatestRunDto implements SnLatestRun {
  @ApiProperty({ enum: [1, 0, -1], description: '1 passed, 0 failed, -1 aborted' }) result!: Verdict;
  @ApiProperty() startTime!: string;
  @ApiProperty() seqName!: string;
}

export class SnUnitDto implements SnUnit {
  @ApiProperty() sn!: string;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'null: finished, or no tests yet' })
  stageNo!: number | null;
  @ApiProperty() finished!: boolean;
  @ApiPropertyOptional({
    type: SnLatestRunDto,
    nullable: true,
    description: 'Of its latest stage visit with runs, the run started last; null: never run',
  })
  latest!: SnLatestRunDto | null;
}
