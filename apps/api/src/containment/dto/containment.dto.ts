import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  type ContainmentQuery,
  isValidDay,
  isValidStationText,
  LIMITS,
  ORIGIN_LIMITS,
  ORIGIN_MSG,
  type RetestBody,
  STATION_LIMITS,
  STATION_MSG,
} from '@sweepline/domain';
import { MAX_ID } from '../../common/ids';
import { isId, QueryValue } from '../../reports/dto/reports.dto';

const INVALID_ID = 'Invalid id';

/**
 * GET /containment and /containment/csv (docs/api/instruments.md, "Containment"): at least one
 * criterion (the service says so), and a range of UTC days, both included.
 */
export class ContainmentQueryDto implements ContainmentQuery {
  @ApiPropertyOptional({ type: 'integer', description: 'Runs that named this instrument' })
  @IsOptional()
  @QueryValue(isId, INVALID_ID)
  instrument_id?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Runs measured with this calibration' })
  @IsOptional()
  @QueryValue(isId, INVALID_ID)
  calibration_id?: string;

  @ApiPropertyOptional({ description: "Runs of this station (the lab PC's name)" })
  @IsOptional()
  @QueryValue((v) => isValidStationText(v, STATION_LIMITS.nameLength), STATION_MSG.name)
  station?: string;

  @ApiPropertyOptional({ description: "Runs of this operator (the run's user name)" })
  @IsOptional()
  @QueryValue((v) => isValidStationText(v, STATION_LIMITS.operatorLength), STATION_MSG.operator)
  operator?: string;

  @ApiProperty({ description: "The first UTC day, 'YYYY-MM-DD', included" })
  @QueryValue(isValidDay, ORIGIN_MSG.day)
  from!: string;

  @ApiProperty({ description: "The last UTC day, 'YYYY-MM-DD', included" })
  @QueryValue(isValidDay, ORIGIN_MSG.day)
  to!: string;
}

/** POST /containment/retest: units of the account, each back to a stage of its own product. */
export class RetestDto implements RetestBody {
  @ApiProperty({ type: [Number], description: `1 to ${ORIGIN_LIMITS.retestUnits} serial number ids` })
  // stacked decorators register bottom-up: the type check first, so it names a wrong type
  @Max(MAX_ID, { each: true, message: INVALID_ID })
  @Min(1, { each: true, message: INVALID_ID })
  @IsInt({ each: true, message: INVALID_ID })
  @ArrayMaxSize(ORIGIN_LIMITS.retestUnits, { message: ORIGIN_MSG.retestUnits })
  @ArrayMinSize(1, { message: ORIGIN_MSG.retestUnits })
  @IsArray({ message: ORIGIN_MSG.retestUnits })
  sn_ids!: number[];

  @ApiProperty({ description: "A stage of each unit's product (a stage number of its live tests), 1-99" })
  // as the jump's own body (JumpToStageDto) checks it, so the two answer alike
  @Max(LIMITS.maxStageOrTestNo)
  @Min(LIMITS.minStageOrTestNo)
  @IsInt()
  stage_no!: number;
}
