import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  Min,
} from 'class-validator';
import { MSG } from '@sweepline/domain';
import { EDITOR_LIMITS } from '../../editor-messages';
import { IsId, MAX_ID } from '../../../common/ids';
import type {
  AddStepBody,
  CopyStepsBody,
  DeleteStepsBody,
  StepDialogBody,
  StepOrderBody,
  StepParamBody,
} from '@sweepline/domain';

const MAX_STEPS = EDITOR_LIMITS.stepsPerTest;

/** A list of step ids: integers, at most a whole test's worth. */
function StepIds(description: string, required: boolean): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ description, type: [Number], maxItems: MAX_STEPS }),
    IsArray(),
    ...(required ? [ArrayNotEmpty({ message: MSG.noStepsSelected })] : []),
    ArrayMaxSize(MAX_STEPS),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(MAX_ID, { each: true }),
  );
}

/** The step dialog (docs/requirements/test-editor.md#step-tools): type, default-name switch, custom name. */
export class StepDialogDto implements StepDialogBody {
  @ApiProperty({ description: '0 Common, 1 Network Analyzer, 2 PIM Analyzer (docs/catalogue.md)' })
  @IsInt()
  instrument_id!: number;

  @ApiProperty({ description: 'An action of that instrument (docs/catalogue.md)' })
  @IsInt()
  action_id!: number;

  @ApiProperty({ description: 'true: the server names the step from its parameters' })
  @IsBoolean()
  is_default_name!: boolean;

  @ApiPropertyOptional({ description: 'Required when is_default_name is false; the name rule' })
  @IsOptional()
  @IsString()
  name?: string;
}

/** POST /step. */
export class AddStepDto extends StepDialogDto implements AddStepBody {
  @IsId('The test to add to')
  seq_id!: number;

  @IsId('The step to insert after, -1 to insert first', true)
  after_step_id!: number;
}

/** POST /step/copy: paste copied steps. */
export class CopyStepsDto implements CopyStepsBody {
  @StepIds('Steps of one test of the account; copied in that test’s order', true)
  source_step_id_array!: number[];

  @IsId('The test to paste into')
  target_seq_id!: number;

  @IsId('The step to paste after, -1 to paste first', true)
  after_step_id!: number;
}

/** PUT /seq/step_order/{seqId}: every step of the test, each once, in the new order. */
export class StepOrderDto implements StepOrderBody {
  @StepIds('Every step id of the test, in the new order', false)
  step_id_array!: number[];
}

/** DELETE /step. */
export class DeleteStepsDto implements DeleteStepsBody {
  @StepIds('Steps of one test of the account', true)
  step_id_array!: number[];
}

/** PUT /step/param/{id}. */
export class StepParamDto implements StepParamBody {
  @ApiProperty({
    description: 'The whole param of the step’s action (docs/requirements/step-parameters.md#catalogue)',
    type: 'object',
    additionalProperties: true,
  })
  @IsObject()
  param!: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'The custom name; ignored (recomputed) for a default-name step' })
  @IsOptional()
  @IsString()
  name?: string;
}
