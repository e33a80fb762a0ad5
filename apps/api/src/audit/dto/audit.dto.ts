import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { type AuditChainQuery, type AuditQuery, isValidDay, parseZoneOffset } from '@sweepline/domain';
import { isId, QueryValue } from '../../reports/dto/reports.dto';
import { REPORT_MSG } from '../../reports/report-range';

export const AUDIT_MSG = {
  invalidId: 'Invalid id',
  day: "A day 'YYYY-MM-DD'",
  reversed: 'to: The last day is before the first',
} as const;

/** A row's id: a bigserial, so larger than a table's integer ids may be. */
const isRowId = (v: string) => /^[1-9]\d{0,15}$/.test(v) && Number(v) <= Number.MAX_SAFE_INTEGER;

/** GET /audit and /audit/csv: History's filters (docs/audit.md). */
export class AuditQueryDto implements AuditQuery {
  @ApiPropertyOptional({ type: 'integer', description: 'Rows of this product' })
  @IsOptional()
  @QueryValue(isId, AUDIT_MSG.invalidId)
  product_id?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Rows of this test' })
  @IsOptional()
  @QueryValue(isId, AUDIT_MSG.invalidId)
  seq_id?: string;

  @ApiPropertyOptional({ type: 'integer', description: "This user's rows" })
  @IsOptional()
  @QueryValue(isId, AUDIT_MSG.invalidId)
  user_id?: string;

  @ApiPropertyOptional({ description: "The first local day, 'YYYY-MM-DD', included" })
  @IsOptional()
  @QueryValue(isValidDay, AUDIT_MSG.day)
  from?: string;

  @ApiPropertyOptional({ description: "The last local day, 'YYYY-MM-DD', included" })
  @IsOptional()
  @QueryValue(isValidDay, AUDIT_MSG.day)
  to?: string;

  @ApiPropertyOptional({
    type: 'number',
    description: "The caller's hours from UTC, -12 to 14 in quarter hours; default 0",
  })
  @IsOptional()
  @QueryValue((v) => parseZoneOffset(v) !== undefined, REPORT_MSG.zoneOffset)
  zone_offset?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'The next page: rows older than this row' })
  @IsOptional()
  @QueryValue(isRowId, AUDIT_MSG.invalidId)
  before_id?: string;
}

/** GET /audit/chain: the page after a row. */
export class AuditChainQueryDto implements AuditChainQuery {
  @ApiPropertyOptional({
    type: 'integer',
    description: 'The last row of the previous page; 0 or none: from the first',
  })
  @IsOptional()
  @QueryValue((v) => v === '0' || isRowId(v), AUDIT_MSG.invalidId)
  after_id?: string;
}
