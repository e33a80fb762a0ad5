import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import type { ExportedProduct, ExportedTest, ImportTestRequest } from '@sweepline/domain';

/**
 * PUT /seq/import: one test of the test-export file (docs/schemas/test-export.v1.json) with its
 * product. The objects are checked whole by the domain's test-export rules in the service, so the
 * refusal names the field by its path in the file (`test.steps[2].param.startFreq_MHz`).
 */
export class ImportTestDto implements ImportTestRequest {
  @ApiProperty({
    description: 'The product, by name: {name, model, info}; created when the account has none of that name',
  })
  @IsObject()
  product!: Pick<ExportedProduct, 'name' | 'model' | 'info'>;

  @ApiProperty({
    description:
      'The test as the export file holds it: {name, stageNo, testNo, calibrations, steps: [{number, name, isDefaultName, instrumentId, actionId, param}]}, step references as step numbers',
  })
  @IsObject()
  test!: ExportedTest;
}
