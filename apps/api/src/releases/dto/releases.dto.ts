import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, Matches, ValidateBy } from 'class-validator';
import {
  type DiffSide,
  type RejectReleaseBody,
  RELEASE_KINDS,
  RELEASE_LIMITS,
  RELEASE_MSG,
  type CalDiff,
  type ParamChange,
  type ReleaseDiff,
  type ReleaseDiffQuery,
  type ReleaseKind,
  type ReleaseMark,
  type ReleaseNoteBody,
  releaseNoteError,
  type ReleaseSettings,
  type ReleaseState,
  type SeqRelease,
  type SeqReleases,
  type StepDiff,
  type WaitingRelease,
} from '@sweepline/domain';

/** A note or reason: 1-500 characters once trimmed (the domain's releaseNoteError), or `message`. */
function IsReleaseText(description: string, message: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ description, minLength: 1, maxLength: RELEASE_LIMITS.noteChars }),
    ValidateBy({
      name: 'releaseText',
      validator: {
        validate: (value: unknown) => releaseNoteError(value, message) === undefined,
        defaultMessage: () => message,
      },
    }),
  );
}

/** POST /seq/{seqId}/releases and POST /seq/{seqId}/releases/{no}/rollback. */
export class ReleaseNoteDto implements ReleaseNoteBody {
  @IsReleaseText('What the release changes and why; trimmed', RELEASE_MSG.note)
  note!: string;
}

/** POST /seq/{seqId}/releases/{no}/reject. */
export class RejectReleaseDto implements RejectReleaseBody {
  @IsReleaseText('Why the release is rejected; trimmed', RELEASE_MSG.reason)
  reason!: string;
}

/** Release numbers are PostgreSQL integers: nine digits at most keeps any text a valid one. */
const RELEASE_NO = /^[1-9]\d{0,8}$/;

/** GET /seq/{seqId}/diff. */
export class ReleaseDiffQueryDto implements ReleaseDiffQuery {
  @ApiPropertyOptional({ description: "A release number; the default is the test's newest release" })
  @IsOptional()
  @Matches(RELEASE_NO, { message: 'from: A release number' })
  from?: string;

  @ApiPropertyOptional({ description: "A release number or 'draft' (the default)" })
  @IsOptional()
  @Matches(/^([1-9]\d{0,8}|draft)$/, { message: "to: A release number or 'draft'" })
  to?: string;
}

/** GET and PUT /user/release_settings. */
export class ReleaseSettingsDto implements ReleaseSettings {
  @ApiProperty({ description: 'The runner runs the newest explicit release only' })
  @IsBoolean()
  releaseControl!: boolean;

  @ApiProperty({ description: 'Under release control: a release waits for a manager other than its author' })
  @IsBoolean()
  approval!: boolean;
}

export class SeqReleaseDto implements SeqRelease {
  @ApiProperty() seqId!: number;
  @ApiProperty() no!: number;
  @ApiProperty({ enum: RELEASE_KINDS }) kind!: ReleaseKind;
  @ApiProperty({ enum: ['released', 'waiting', 'rejected'] }) state!: ReleaseState;
  @ApiProperty() note!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'The release a rollback went back to' })
  rolledBackFrom!: number | null;
  @ApiProperty({ description: "The test's version the content was taken at" }) seqVersion!: number;
  @ApiProperty() createdBy!: string;
  @ApiProperty({ description: 'ISO 8601' }) createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) decidedBy!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601' }) decidedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "A rejection's reason" }) reason!: string | null;
}

/** What a test's releases list and a product's marks both say of a test. */
class ReleaseStateDto implements Omit<ReleaseMark, 'newestNo'> {
  @ApiProperty() seqId!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The newest released release: what the runner runs',
  })
  runnableNo!: number | null;
  @ApiProperty({
    description: "The draft's content differs from the newest release that is not rejected (true when none)",
  })
  draftDiffers!: boolean;
}

export class SeqReleasesDto extends ReleaseStateDto implements SeqReleases {
  @ApiProperty({ type: [SeqReleaseDto], description: 'Newest first' }) releases!: SeqReleaseDto[];
}

export class ReleaseMarkDto extends ReleaseStateDto implements ReleaseMark {
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The newest release that is not rejected: the one the draft is compared with',
  })
  newestNo!: number | null;
}

export class WaitingReleaseDto extends SeqReleaseDto implements WaitingRelease {
  @ApiProperty() productId!: number;
  @ApiProperty() productName!: string;
  @ApiProperty() seqName!: string;
}

class ParamChangeDto implements ParamChange {
  @ApiProperty() key!: string;
  @ApiProperty() from!: unknown;
  @ApiProperty() to!: unknown;
  @ApiProperty() isLimit!: boolean;
}

class StepDiffDto implements StepDiff {
  @ApiProperty() stepId!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['added', 'removed', 'moved', 'changed', 'moved and changed'] })
  change!: StepDiff['change'];
  @ApiProperty({ type: Number, nullable: true }) fromIndex!: number | null;
  @ApiProperty({ type: Number, nullable: true }) toIndex!: number | null;
  @ApiProperty({ type: [ParamChangeDto], description: 'Limits first' }) changes!: ParamChangeDto[];
}

class CalDiffDto implements CalDiff {
  @ApiProperty() calId!: number;
  @ApiProperty({ enum: ['added', 'removed', 'changed'] }) change!: CalDiff['change'];
  @ApiProperty({ type: [ParamChangeDto] }) changes!: ParamChangeDto[];
}

export class ReleaseDiffDto implements ReleaseDiff {
  @ApiProperty() seqId!: number;
  @ApiProperty({ description: 'A release number; 0 when the test has no release yet (an empty test)' })
  from!: DiffSide;
  @ApiProperty({ description: "A release number or 'draft'" }) to!: DiffSide;
  @ApiProperty({ type: [StepDiffDto] }) steps!: StepDiffDto[];
  @ApiProperty({ type: [CalDiffDto] }) cals!: CalDiffDto[];
  @ApiProperty() same!: boolean;
}
