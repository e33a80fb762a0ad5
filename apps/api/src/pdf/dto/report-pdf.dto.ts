import { ApiProperty } from '@nestjs/swagger';
import { IsString, ValidateBy } from 'class-validator';
import { MAX_ID } from '../../common/ids';
import { MSG, parseZoneOffset, type ReportPdfQuery } from '@sweepline/domain';

export const PDF_MSG = {
  invalidId: 'Invalid id',
  invalidRunNo: 'Invalid run number',
  zoneOffset: 'Hours from UTC, from -12 to 14 in quarter hours, like 5.5',
} as const;

/** A positive integer that PostgreSQL's integer holds, sent as query text. */
function IsQueryInt(field: string, message: string): PropertyDecorator {
  return ValidateBy({
    name: 'isQueryInt',
    validator: {
      validate: (v: unknown) => typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= MAX_ID,
      defaultMessage: () => `${field}: ${message}`,
    },
  });
}

/**
 * GET /report/pdf (docs/requirements/pdf.md#call: "query seq_id, sn, sn_stage_history_id, run_no,
 * zone_offset"): the four name one run exactly, as GET /report/sn answers it.
 */
export class ReportPdfQueryDto implements ReportPdfQuery {
  @ApiProperty({ description: 'The test (seqId of GET /report/sn)', example: '31' })
  @IsQueryInt('seq_id', PDF_MSG.invalidId)
  seq_id!: string;

  @ApiProperty({ description: 'The serial number, exactly (case-sensitive); trimmed', example: 'A-1' })
  @IsString({ message: `sn: ${MSG.enterSerialNumber}` })
  sn!: string;

  @ApiProperty({ description: 'The stage visit (snStageHistoryId of GET /report/sn)', example: '88' })
  @IsQueryInt('sn_stage_history_id', PDF_MSG.invalidId)
  sn_stage_history_id!: string;

  @ApiProperty({ description: 'The run number in the visit (runNo of GET /report/sn)', example: '2' })
  @IsQueryInt('run_no', PDF_MSG.invalidRunNo)
  run_no!: string;

  @ApiProperty({
    description: "The caller's offset from UTC in hours, -12 to 14 (5.5, -3.5)",
    example: '5.5',
  })
  @ValidateBy({
    name: 'isZoneOffset',
    validator: {
      validate: (v: unknown) => typeof v === 'string' && parseZoneOffset(v) !== undefined,
      defaultMessage: () => `zone_offset: ${PDF_MSG.zoneOffset}`,
    },
  })
  zone_offset!: string;
}
