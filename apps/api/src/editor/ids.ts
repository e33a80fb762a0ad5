import { applyDecorators, ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { badRequest } from '../common/api-error';

/** Ids are PostgreSQL integers (DESIGN.md "Storage"): anything larger cannot name a row. */
export const MAX_ID = 2_147_483_647;
/** The spec's "none" (current_seq_id, after_step_id). */
export const NONE = -1;

/** A positive integer id in the path; anything else is refused before any query. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!(id <= MAX_ID)) throw badRequest(`${metadata.data ?? 'id'}: Invalid id`);
    return id;
  }
}

/** An id field of a body; `orNone` also takes -1 ("none" in the spec's payloads). */
export function IsId(description: string, orNone = false): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ description, type: 'integer', minimum: orNone ? NONE : 1 }),
    IsInt(),
    Min(orNone ? NONE : 1),
    Max(MAX_ID),
  );
}
