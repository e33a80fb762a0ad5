import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import type {
  AddedSerialNumbers,
  JumpedSerialNumbers,
  JumpToStageRequest,
  SerialNumbersRequest,
  SnProduct,
} from '@sweepline/domain';
import { IsId } from '../../editor/ids';

const SN_ARRAY = 'Up to 1000 serial numbers, each as sent (clients trim), distinct; case-sensitive';

/** POST /sn and DELETE /sn (spec 2 section 7). */
export class SerialNumbersDto implements SerialNumbersRequest {
  @IsId('The product of the serial numbers')
  product_id!: number;

  @ApiProperty({ description: SN_ARRAY, type: [String] })
  @IsArray()
  @IsString({ each: true })
  sn_array!: string[];
}

/** POST /sn_stage_history: jump to stage (spec 2 section 7). */
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
