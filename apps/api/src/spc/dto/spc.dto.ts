import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import {
  acknowledgementNoteError,
  SPC_ALARM_STATES,
  SPC_LIMITS,
  SPC_MSG,
  type AcknowledgeAlarmBody,
  type FreezeLimitsBody,
  type FrozenLimits,
  type FrozenLimitsAnswer,
  type FrozenLimitsQuery,
  type RunSpcNotice,
  type SpcAlarm,
  type SpcAlarmPage,
  type SpcAlarmState,
  type SpcAlarmsQuery,
  type SpcSubscription,
  type SpcViolation,
  type WesternElectricRule,
} from '@sweepline/domain';
import { ANALYSIS_MSG, StepAnalysisQueryDto } from '../../reports/dto/analysis.dto';
import { isId, QueryValue } from '../../reports/dto/reports.dto';

const INVALID_ID = 'Invalid id';
/** The alarms list's cursor: what a page's nextBeforeId says, so the message says where it comes from. */
export const BEFORE_ID_MSG = "An alarm id, as a page's nextBeforeId gives it: a whole number from 1";
const isTitle = (v: string) => v.length >= 1 && v.length <= 200;

/** POST /spc/limits: the baseline as the analytics take a range (texts, as in their query). */
export class FreezeLimitsDto extends StepAnalysisQueryDto implements FreezeLimitsBody {}

export class FrozenLimitsQueryDto implements FrozenLimitsQuery {
  @ApiProperty({ type: 'integer', description: 'A live test of a live product of the account' })
  @QueryValue(isId, INVALID_ID)
  seq_id!: string;

  @ApiProperty({ description: "The step result's title (its key across test-plan versions)" })
  @QueryValue(isTitle, ANALYSIS_MSG.step)
  step!: string;
}

export class SpcAlarmsQueryDto implements SpcAlarmsQuery {
  @ApiPropertyOptional({ type: 'integer', description: "Only this product's alarms" })
  @IsOptional()
  @QueryValue(isId, INVALID_ID)
  product_id?: string;

  @ApiPropertyOptional({ type: 'integer', description: "Only this test's alarms" })
  @IsOptional()
  @QueryValue(isId, INVALID_ID)
  seq_id?: string;

  @ApiPropertyOptional({ enum: SPC_ALARM_STATES, description: 'Open or acknowledged; both when left out' })
  @IsOptional()
  @QueryValue((v) => (SPC_ALARM_STATES as readonly string[]).includes(v), SPC_MSG.state)
  state?: SpcAlarmState;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'The next page: alarms with a smaller id (nextBeforeId)',
  })
  @IsOptional()
  @QueryValue(isId, BEFORE_ID_MSG)
  before_id?: string;
}

export class AcknowledgeAlarmDto implements AcknowledgeAlarmBody {
  @ApiProperty({
    description: 'What was found and done; trimmed',
    minLength: 1,
    maxLength: SPC_LIMITS.noteChars,
  })
  @ValidateBy({
    name: 'acknowledgementNote',
    validator: {
      validate: (value: unknown) => acknowledgementNoteError(value) === undefined,
      defaultMessage: () => SPC_MSG.note,
    },
  })
  note!: string;
}

export class FrozenLimitsDto implements FrozenLimits {
  @ApiProperty() productId!: number;
  @ApiProperty() seqId!: number;
  @ApiProperty() step!: string;
  @ApiProperty({ description: 'The frozen centre line (the baseline mean)' }) centre!: number;
  @ApiProperty({ description: "The baseline's MR̄ / 1.128" }) sigmaWithin!: number;
  @ApiProperty({ description: 'centre − 3 σ within' }) lowerLimit!: number;
  @ApiProperty({ description: 'centre + 3 σ within' }) upperLimit!: number;
  @ApiProperty({ description: "The baseline's values" }) baselineValues!: number;
  @ApiProperty({ description: 'The first instant of the baseline (ISO 8601)' }) baselineFrom!: string;
  @ApiProperty({ description: 'The first instant after the baseline (ISO 8601)' }) baselineTo!: string;
  @ApiProperty({ description: "The baseline's zone offset, hours from UTC" }) zoneOffset!: number;
  @ApiProperty() frozenAt!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null for an API token' }) frozenBy!:
    number | null;
  @ApiProperty() frozenByName!: string;
}

export class FrozenLimitsAnswerDto implements FrozenLimitsAnswer {
  @ApiProperty({
    type: FrozenLimitsDto,
    nullable: true,
    description: 'Null while the limits follow the range',
  })
  limits!: FrozenLimits | null;
}

const RULES: ApiPropertyOptions = { type: [Number], description: 'Western Electric rules, 1 to 4' };
const SIDE: ApiPropertyOptions = { enum: ['above', 'below'] };

export class SpcViolationDto implements SpcViolation {
  @ApiProperty() runId!: number;
  @ApiProperty() sn!: string;
  @ApiProperty() startTime!: string;
  @ApiProperty() value!: number;
  @ApiProperty(RULES) rules!: WesternElectricRule[];
  @ApiProperty(SIDE) side!: 'above' | 'below';
  @ApiProperty({ description: "'rule 4, eight points above the centre line'" }) text!: string;
}

export class SpcAlarmDto implements SpcAlarm {
  @ApiProperty() id!: number;
  @ApiProperty() productId!: number;
  @ApiProperty() seqId!: number;
  @ApiProperty() seqName!: string;
  @ApiProperty() step!: string;
  @ApiProperty({ enum: SPC_ALARM_STATES }) state!: SpcAlarmState;
  @ApiProperty() openedAt!: string;
  @ApiProperty() violationCount!: number;
  @ApiProperty({
    type: [SpcViolationDto],
    description: `The latest ${SPC_LIMITS.latestViolations}, newest first`,
  })
  violations!: SpcViolation[];
  @ApiProperty({ type: String, nullable: true }) acknowledgedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) acknowledgedByName!: string | null;
  @ApiProperty({ type: String, nullable: true }) note!: string | null;
}

export class SpcAlarmPageDto implements SpcAlarmPage {
  @ApiProperty({ type: [SpcAlarmDto] }) alarms!: SpcAlarm[];
  @ApiProperty({ type: 'integer', nullable: true }) nextBeforeId!: number | null;
}

export class RunSpcNoticeDto implements RunSpcNotice {
  @ApiProperty() alarmId!: number;
  @ApiProperty() step!: string;
  @ApiProperty({ description: "This run's value opened the alarm (else it joined an open one)" })
  opened!: boolean;
  @ApiProperty(RULES) rules!: WesternElectricRule[];
  @ApiProperty(SIDE) side!: 'above' | 'below';
  @ApiProperty({
    description: "'SPC alarm on Insertion Loss Max: rule 4, eight points above the centre line'",
  })
  line!: string;
}

export class SpcSubscriptionDto implements SpcSubscription {
  @ApiProperty() productId!: number;
  @ApiProperty() subscribed!: boolean;
}
