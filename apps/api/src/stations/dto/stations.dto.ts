import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  STATION_LIMITS,
  STATION_SPC_ALARMS,
  STATION_STATES,
  Verdict,
  type StationBoard,
  type StationReport,
  type StationState,
  type StationStreamQuery,
  type StationStreamTicket,
  type StationToday,
  type StationVerdict,
  type StationView,
  type StationSpcAlarm,
} from '@sweepline/domain';
import { Matches } from 'class-validator';

// Documentation of the shapes: reports are checked by stationReportError (libs/domain), the
// one rule the runner applies before it sends.

export class StationVerdictDto implements StationVerdict {
  @ApiProperty() sn!: string;
  @ApiProperty({ enum: [1, 0, -1], description: '1 passed, 0 failed, -1 aborted' }) result!: Verdict;
  @ApiProperty({ description: 'ISO 8601 with its zone' }) at!: string;
}

export class StationReportDto implements StationReport {
  @ApiProperty({ maxLength: STATION_LIMITS.nameLength, description: "The lab PC's station name" })
  station!: string;
  @ApiProperty({ enum: STATION_STATES }) state!: StationState;
  @ApiPropertyOptional({ description: 'A product of the account' }) productId?: number;
  @ApiPropertyOptional({ description: 'A test of that product' }) seqId?: number;
  @ApiPropertyOptional() sn?: string;
  @ApiPropertyOptional({ description: 'Step k of n; 0 before the first' }) step?: number;
  @ApiPropertyOptional({ maximum: STATION_LIMITS.steps }) steps?: number;
  @ApiPropertyOptional({
    maxLength: STATION_LIMITS.operatorLength,
    description: 'Shown only for a report made with an API token; a session shows the signed-in member',
  })
  operator?: string;
  @ApiPropertyOptional({ type: StationVerdictDto }) lastVerdict?: StationVerdictDto;
  @ApiPropertyOptional({
    type: [StationVerdictDto],
    maxItems: STATION_LIMITS.queuedVerdicts,
    description: "Units uploaded late from the runner's queue: counted on their own day, not shown",
  })
  queuedVerdicts?: StationVerdictDto[];
  @ApiProperty({ description: 'Hours from UTC of the lab PC, for its day' }) zoneOffset!: number;
}

export class StationTodayDto implements StationToday {
  @ApiProperty() units!: number;
  @ApiProperty() passes!: number;
  @ApiProperty() fails!: number;
  @ApiProperty({ type: Number, nullable: true }) firstPassYield!: number | null;
}

export class StationSpcAlarmDto implements StationSpcAlarm {
  @ApiProperty() alarmId!: number;
  @ApiProperty() step!: string;
  @ApiProperty() violationCount!: number;
  @ApiProperty({
    description: 'Its latest violation: "SPC alarm on <step>: rule 4, eight points above the centre line"',
  })
  line!: string;
  @ApiProperty({
    description: "The serial number of the latest violation's unit (it opened the alarm or last joined it)",
  })
  sn!: string;
}

export class StationViewDto implements StationView {
  @ApiProperty() station!: string;
  @ApiProperty({ enum: STATION_STATES }) state!: StationState;
  @ApiProperty({ type: Number, nullable: true }) productId!: number | null;
  @ApiProperty({ type: String, nullable: true }) productName!: string | null;
  @ApiProperty({ type: Number, nullable: true }) seqId!: number | null;
  @ApiProperty({ type: String, nullable: true }) testName!: string | null;
  @ApiProperty({ type: String, nullable: true }) sn!: string | null;
  @ApiProperty({ type: Number, nullable: true }) step!: number | null;
  @ApiProperty({ type: Number, nullable: true }) steps!: number | null;
  @ApiProperty({ type: String, nullable: true }) operator!: string | null;
  @ApiProperty() stateSince!: string;
  @ApiProperty({ description: 'Silent for 60 s: offline' }) lastSeen!: string;
  @ApiProperty({ type: StationVerdictDto, nullable: true }) lastVerdict!: StationVerdictDto | null;
  @ApiProperty({ type: StationTodayDto }) today!: StationTodayDto;
  @ApiPropertyOptional({
    type: [String],
    description:
      'Instruments this station used last that are due for calibration within 30 days or overdue; absent when none, and on the stream’s station events',
  })
  instrumentWarnings?: string[];
  @ApiProperty({
    type: [StationSpcAlarmDto],
    description: `The open SPC alarms of the station's test, newest first, at most ${STATION_SPC_ALARMS}; on every event`,
  })
  spcAlarms!: StationSpcAlarmDto[];
}

export class StationBoardDto implements StationBoard {
  @ApiProperty() serverTime!: string;
  @ApiProperty({ type: [StationViewDto] }) stations!: StationViewDto[];
}

export class StationStreamTicketDto implements StationStreamTicket {
  @ApiProperty({ description: 'Open within 30 s, once, with EventSource: no session header needed' })
  url!: string;
}

export class StationStreamQueryDto implements StationStreamQuery {
  @ApiProperty({ description: 'The ticket of POST /stations/stream-ticket' })
  // newToken(): 32 random bytes in base64url
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'This link is invalid or has expired' })
  ticket!: string;
}
