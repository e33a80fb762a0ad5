import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';

/** Ids are PostgreSQL integers (docs/requirements/storage.md#ids-and-times): anything larger cannot name a row. */
export const MAX_ID = 2_147_483_647;
/** The spec's "none" (current_seq_id, after_step_id). */
export const NONE = -1;

/** An id field of a body; `orNone` also takes -1 ("none" in the spec's payloads). */
export function IsId(description: string, orNone = false): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ description, type: 'integer', minimum: orNone ? NONE : 1 }),
    IsInt(),
    Min(orNone ? NONE : 1),
    Max(MAX_ID),
  );
}
