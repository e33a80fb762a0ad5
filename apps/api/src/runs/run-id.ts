import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { badRequest } from '../common/api-error';

/**
 * Run and attachment ids are bigint: a positive integer that JavaScript holds exactly (up to
 * 2^53 - 1); anything else is refused before any query.
 */
@Injectable()
export class ParseBigIdPipe implements PipeTransform<string, number> {
  transform(value: string, metadata: ArgumentMetadata): number {
    const id = /^[1-9]\d{0,15}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(id)) throw badRequest(`${metadata.data ?? 'id'}: Invalid id`);
    return id;
  }
}
