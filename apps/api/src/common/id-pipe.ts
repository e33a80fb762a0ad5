import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { Refused } from '@sweepline/domain';
import { MAX_ID } from './ids';

/** The one answer for a path id that cannot be an id (docs/api.md, "Ids in paths"). */
export const invalidId = (param: string) => `${param}: Invalid id`;

/**
 * A positive integer id in the path, up to `max`; anything else (text, 0, -4, too large) is
 * refused with 400 `<param>: Invalid id` before any query. A well-formed id that names no row of
 * the caller's is the repository's 404.
 */
class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly max: number) {}

  transform(value: string, metadata: ArgumentMetadata): number {
    const id = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : NaN;
    if (!(id <= this.max)) throw new Refused(invalidId(metadata.data ?? 'id'));
    return id;
  }
}

/** Ids of integer columns (products, tests, steps, users, tokens). */
export const ParseIdPipe = new IdPipe(MAX_ID);
/** Ids of bigint columns (runs, attachments): what JavaScript holds exactly. */
export const ParseBigIdPipe = new IdPipe(Number.MAX_SAFE_INTEGER);
