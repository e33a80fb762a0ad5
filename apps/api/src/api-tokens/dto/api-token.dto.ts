import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString } from 'class-validator';
import { type ApiToken, type CreateApiTokenBody, type CreatedApiToken, Role } from '@sweepline/domain';

const ROLE_DOC = { enum: [Role.Editor, Role.Operator], description: '1 Editor, 2 Operator' };

/** POST /user/api_tokens. */
export class CreateApiTokenDto implements CreateApiTokenBody {
  @ApiProperty({ description: 'Trimmed; the shared name rule; unique among live tokens of the account' })
  @IsString()
  name!: string;

  @ApiProperty(ROLE_DOC)
  @IsInt()
  role!: number;
}

/** A token as listed: never its secret, which only its hash is kept of. */
export class ApiTokenDto implements ApiToken {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty(ROLE_DOC) role!: Role;
  @ApiProperty({ description: 'ISO 8601' }) createdAt!: string;
  @ApiProperty({ description: 'ISO 8601; null when never used', nullable: true, type: String })
  lastUsedAt!: string | null;
}

/** The answer to POST /user/api_tokens: the only time the secret is shown. */
export class CreatedApiTokenDto implements CreatedApiToken {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty(ROLE_DOC) role!: Role;
  @ApiProperty({ description: "The secret ('swl_...'): send it in x-auth-token or as a Bearer token" })
  token!: string;
}
