import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type { ProductBody } from '@sweepline/domain';

/** The product dialog (docs/requirements/products.md#calls: POST /product and PUT /product/{id} take {name, model, info}). */
export class ProductBodyDto implements ProductBody {
  @ApiProperty({ description: 'Required; trimmed; no \\ / : * ? " < > |; at most 100 characters' })
  @IsString()
  name!: string;

  @ApiPropertyOptional({ description: 'Optional model, at most 100 characters', nullable: true })
  @IsOptional()
  @IsString()
  model?: string | null;

  @ApiPropertyOptional({ description: 'Optional description, at most 200 characters', nullable: true })
  @IsOptional()
  @IsString()
  info?: string | null;
}
