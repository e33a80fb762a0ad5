import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNumber, IsOptional, IsString, ValidateNested } from 'class-validator';
import { EDITOR_LIMITS } from '../../editor-messages';
import { IsId } from '../../../common/ids';
import type {
  AddSeqBody,
  CopySeqBody,
  ProcessControlBody,
  RenameSeqBody,
  SaveCalsBody,
  SeqNumbersBody,
} from '@sweepline/domain';

/** POST /seq (docs/requirements/test-editor.md#calls). */
export class CreateSeqDto implements AddSeqBody {
  @IsId('The product the test belongs to')
  product_id!: number;

  @ApiProperty({ description: 'Required; the name rule of docs/requirements/test-editor.md#name-rule' })
  @IsString()
  name!: string;

  @IsOptional()
  @IsId('The selected test: the new one goes right after it; -1 (or absent) puts it after the last', true)
  current_seq_id?: number;
}

/** PUT /seq/name/{id}. */
export class RenameSeqDto implements RenameSeqBody {
  @ApiProperty({ description: 'Required; the name rule of docs/requirements/test-editor.md#name-rule' })
  @IsString()
  name!: string;
}

/** POST /seq/copy: paste a copied test into a product. */
export class CopySeqDto implements CopySeqBody {
  @IsId('The test to copy (any product of the account)')
  from_seq_id!: number;

  @IsId('The product to paste into')
  to_product_id!: number;

  @IsOptional()
  @IsId('The selected test of the target product, or -1', true)
  current_seq_id?: number;

  @ApiPropertyOptional({
    description: "The copy's name when free; else '{name} - copy' or '{name} - copy - N'",
    nullable: true,
  })
  @IsOptional()
  @IsString()
  new_seq_name?: string | null;
}

export class SeqNumbersDto implements SeqNumbersBody {
  @IsId('A live test of the product')
  seq_id!: number;

  @ApiProperty({ description: 'Integer 1-99' })
  @IsNumber()
  stage_no!: number;

  @ApiProperty({ description: 'Integer 1-99' })
  @IsNumber()
  test_no!: number;
}

/** PUT /product/process_control/{productId}. Tests left out keep their numbers. */
export class ProcessControlDto implements ProcessControlBody {
  @ApiProperty({ type: [SeqNumbersDto] })
  @ValidateNested({ each: true })
  @Type(() => SeqNumbersDto)
  @ArrayMaxSize(EDITOR_LIMITS.seqsPerProduct)
  // last, so checked (and reported) first: decorators run from the bottom up
  @IsArray()
  seq_array!: SeqNumbersDto[];
}

/** POST /seq/cals/{seqId}: the test's whole list of calibrations (docs/requirements/step-parameters.md#calibrations). */
export class SaveCalsDto implements SaveCalsBody {
  @ApiProperty({
    description:
      'Calibrations {id, type, ports, startFreq_MHz, stopFreq_MHz, freqPoints, power_dBm, IFBW_Hz, smoothing}',
    type: 'array',
    items: { type: 'object' },
  })
  @IsArray()
  cals!: unknown[];
}
