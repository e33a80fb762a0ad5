import type { Challenge, ChallengeParameters, VerifyCaptchaBody } from '@sweepline/domain';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** docs/requirements/identity.md#human-verification: POST /captcha {ticket, randstr}, kept for our self-hosted proof of work. */
export class VerifyCaptchaDto implements VerifyCaptchaBody {
  @ApiProperty({
    description: 'The solved payload as the altcha widget gives it: base64 of JSON {challenge, solution}',
    maxLength: 4000,
  })
  @MaxLength(4000)
  @IsString()
  ticket!: string;

  @ApiProperty({
    description: "The challenge's id: its signature, as GET /captcha/challenge gave it",
    maxLength: 200,
  })
  @MaxLength(200)
  @IsString()
  randstr!: string;
}

export class ChallengeParametersDto implements ChallengeParameters {
  @ApiProperty({ example: 'SHA-256' }) algorithm!: string;
  @ApiProperty() nonce!: string;
  @ApiProperty() salt!: string;
  @ApiProperty() cost!: number;
  @ApiProperty() keyLength!: number;
  @ApiProperty({ description: 'The derived key must start with this (hex)' }) keyPrefix!: string;
  @ApiProperty({ description: 'Seconds since 1970 after which the challenge is refused' }) expiresAt!: number;
}

/** An ALTCHA v2 challenge, to solve with altcha-lib's solveChallenge or the altcha widget. */
export class ChallengeDto implements Challenge {
  @ApiProperty({ type: ChallengeParametersDto }) parameters!: ChallengeParametersDto;
  @ApiProperty({ description: "HMAC of the parameters; also the challenge's id (randstr)" })
  signature!: string;
}
