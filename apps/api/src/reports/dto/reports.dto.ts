import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import { MAX_ID } from '../../common/ids';
import { REPORT_MSG } from '../report-range';
import {
  type DayCount,
  type DayRate,
  parseZoneOffset,
  type PassRateQuery,
  type ProductListItem,
  type ProductListSeq,
  type ReportRangeQuery,
  type UnitCountQuery,
  type YieldQuery,
} from '@sweepline/domain';

/**
 * A query value that `test` accepts, else `message` (query values are strings; a repeated
 * parameter arrives as an array and is refused the same way).
 */
export function QueryValue(test: (value: string) => boolean, message: string): PropertyDecorator {
  return ValidateBy({
    name: 'queryValue',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && test(value),
      defaultMessage: () => message,
    },
  });
}

export const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID;
const isEpochMs = (value: string) => /^\d{1,13}$/.test(value);

/** The date range of every daily report (docs/requirements/reports.md): local days of zone_offset. */
export class ReportRangeQueryDto implements ReportRangeQuery {
  @ApiProperty({
    type: 'integer',
    description: 'Epoch milliseconds: the local start of the first day (domain dayRange)',
  })
  @QueryValue(isEpochMs, REPORT_MSG.time)
  start_time!: string;

  @ApiProperty({
    type: 'integer',
    description: 'Epoch milliseconds: the local end (23:59:59.999) of the last day',
  })
  @QueryValue(isEpochMs, REPORT_MSG.time)
  stop_time!: string;

  @ApiPropertyOptional({
    type: 'number',
    description: "The caller's hours from UTC, -12 to 14 in quarter hours (5.5, -3.5); default 0",
  })
  @IsOptional()
  @QueryValue((v) => parseZoneOffset(v) !== undefined, REPORT_MSG.zoneOffset)
  zone_offset?: string;
}

export class UnitCountQueryDto extends ReportRangeQueryDto implements UnitCountQuery {
  @ApiProperty({ type: 'integer', description: 'A live product of the account, or -1 for all of them' })
  @QueryValue((v) => v === '-1' || isId(v), REPORT_MSG.invalidId)
  product_id!: string;
}

export class PassRateQueryDto extends ReportRangeQueryDto implements PassRateQuery {
  @ApiProperty({ type: 'integer', description: 'A live test of a live product of the account' })
  @QueryValue(isId, REPORT_MSG.invalidId)
  seq_id!: string;
}

export class YieldQueryDto extends PassRateQueryDto implements YieldQuery {
  @ApiProperty({ enum: ['1', '0'], description: '1: first-time pass yield; 0: throughput yield' })
  @QueryValue((v) => v === '1' || v === '0', REPORT_MSG.isFirst)
  is_first!: '1' | '0';
}

export class DayCountDto implements DayCount {
  @ApiProperty({ description: "'YYYY-MM-DD', a local day of zone_offset" }) date!: string;
  @ApiProperty({ description: 'Distinct units (product, serial number) with a run that day' })
  count!: number;
}

export class DayRateDto implements DayRate {
  @ApiProperty({ description: "'YYYY-MM-DD', a local day of zone_offset" }) date!: string;
  @ApiProperty({ description: 'Percent 0-100, two decimals' }) passRate!: number;
}

/** GET /user/product_list: a test as the report pickers list it (docs/requirements/products.md#product-fields). */
export class ProductListSeqDto implements ProductListSeq {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() stageNo!: number;
  @ApiProperty() testNo!: number;
}

export class ProductListItemDto implements ProductListItem {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() model!: string;
  @ApiProperty() info!: string;
  @ApiProperty({ type: [ProductListSeqDto], description: 'Live tests by stage, test number' })
  seqs!: ProductListSeqDto[];
}
