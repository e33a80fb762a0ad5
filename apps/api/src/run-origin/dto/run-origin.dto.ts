import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import {
  CALIBRATION_KINDS,
  CALIBRATION_STATE_LABELS,
  type CalibrationKind,
  type CalibrationState,
  type CalibrationUse,
  INSTRUMENT_ROLES,
  type InstrumentCheck,
  type InstrumentCheckAnswer,
  type InstrumentCheckBody,
  type InstrumentRole,
  type InstrumentSettings,
  type InstrumentUse,
  type RunOriginReport,
} from '@sweepline/domain';

const STATES = Object.keys(CALIBRATION_STATE_LABELS);

/** OpenAPI only: checked by the domain's runOriginError / instrumentCheckError. */
export class InstrumentUseDto implements InstrumentUse {
  @ApiProperty({ enum: INSTRUMENT_ROLES }) role!: InstrumentRole;
  @ApiProperty({ description: "From *IDN?: with model and serial, the instrument's identity" })
  vendor!: string;
  @ApiProperty() model!: string;
  @ApiProperty() serial!: string;
  @ApiPropertyOptional({ description: 'The server keeps the newest' }) firmware?: string;
  @ApiPropertyOptional({ description: 'The VISA resource string' }) resource?: string;
}

/** OpenAPI only: whole the first time, then {key, step_indices} (docs/api/runs.md). */
export class CalibrationUseDto implements CalibrationUse {
  @ApiProperty({ description: "The runner's key for it: up to 64 of A-Z a-z 0-9 . _ : -" }) key!: string;
  @ApiProperty({ type: [Number], description: 'The step results (indices in steps) measured with it' })
  step_indices!: number[];
  @ApiPropertyOptional({ description: 'Index in instruments of the network analyzer' }) instrument?: number;
  @ApiPropertyOptional({ enum: CALIBRATION_KINDS }) kind?: CalibrationKind;
  @ApiPropertyOptional({ description: "For kind ecal: the module's serial number" }) ecal_serial?: string;
  @ApiPropertyOptional({ example: '1-2' }) ports?: string;
  @ApiPropertyOptional() start_MHz?: number;
  @ApiPropertyOptional() stop_MHz?: number;
  @ApiPropertyOptional({ description: 'ISO 8601 with a zone, not after start_time' }) made_at?: string;
  @ApiPropertyOptional({ description: 'The operator who made it' }) made_by?: string;
}

/** POST /runner/instruments/check, for the OpenAPI document only. */
export class InstrumentCheckBodyDto implements InstrumentCheckBody {
  @ApiProperty({ type: [InstrumentUseDto], description: 'Up to 8' }) instruments!: InstrumentUseDto[];
}

export class InstrumentCheckDto implements InstrumentCheck {
  @ApiProperty() serial!: string;
  @ApiProperty() model!: string;
  @ApiProperty({ enum: STATES, description: 'Today (UTC); unknown: never seen, or no certificate' })
  state!: CalibrationState;
  @ApiProperty({ type: String, nullable: true }) dueOn!: string | null;
  @ApiProperty({ type: Number, nullable: true }) daysLeft!: number | null;
}

export class InstrumentCheckAnswerDto implements InstrumentCheckAnswer {
  @ApiProperty() allowOverdue!: boolean;
  @ApiProperty({ type: [InstrumentCheckDto] }) instruments!: InstrumentCheckDto[];
}

/** GET and PUT /user/instrument_settings. */
export class InstrumentSettingsDto implements InstrumentSettings {
  @ApiProperty({ description: 'Runs may name instruments overdue for calibration; each such run is marked' })
  @IsBoolean()
  allowOverdue!: boolean;
}

export class RunOriginReportDto implements RunOriginReport {
  @ApiProperty({ description: 'false: the run said nothing of what measured it ("not recorded")' })
  recorded!: boolean;
  @ApiProperty({ type: String, nullable: true }) station!: string | null;
  @ApiProperty({ type: String, nullable: true }) runnerVersion!: string | null;
  @ApiProperty() measuredOverdue!: boolean;
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'With the state at the run' })
  instruments!: RunOriginReport['instruments'];
  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: 'With ageSeconds and 1-based stepNos',
  })
  calibrations!: RunOriginReport['calibrations'];
}
