import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import {
  type ActivateQuery,
  type ChangePassBody,
  type ForgetPassBody,
  type LoginBody,
  type ResetPassBody,
  Role,
  SessionUser,
  type SignupBody,
} from '@sweepline/domain';

/**
 * Shape only (strings, and a ceiling against huge bodies); the product rules (names, e-mail,
 * password) are the domain's, checked in the services with the specification's messages.
 */
const TEXT_MAX = 1000;

export class SessionUserDto implements SessionUser {
  @ApiProperty({
    description:
      'Empty when signed out (docs/requirements/shell-and-navigation.md#session-state: signed in = non-empty e-mail)',
  })
  email!: string;
  @ApiProperty() name!: string;
  @ApiProperty({
    enum: [-1, 0, 1, 2, 3],
    description: '-1 administrator, 0 manager, 1 editor, 2 operator, 3 signed out',
  })
  role!: Role;
}

export class LoginDto implements LoginBody {
  @ApiProperty({ example: 'manager@example.com' }) @MaxLength(TEXT_MAX) @IsString() email!: string;
  @ApiProperty() @MaxLength(TEXT_MAX) @IsString() password!: string;
}

export class SignupDto implements SignupBody {
  @ApiProperty({ description: 'Name rule of docs/requirements/test-editor.md#name-rule' })
  @MaxLength(TEXT_MAX)
  @IsString()
  account_name!: string;
  @ApiProperty({ description: "The manager's e-mail" }) @MaxLength(TEXT_MAX) @IsString() email!: string;
  @ApiProperty({ description: '8+ characters with a letter and a number' })
  @MaxLength(TEXT_MAX)
  @IsString()
  password!: string;
  @ApiProperty({ description: 'Name rule of docs/requirements/test-editor.md#name-rule' })
  @MaxLength(TEXT_MAX)
  @IsString()
  manager_name!: string;
}

/** The query of the e-mailed link /activate?email=&code=. */
export class ActivateDto implements ActivateQuery {
  @ApiProperty() @MaxLength(TEXT_MAX) @IsString() email!: string;
  @ApiProperty() @MaxLength(TEXT_MAX) @IsString() code!: string;
}

export class ForgetPassDto implements ForgetPassBody {
  @ApiProperty() @MaxLength(TEXT_MAX) @IsString() email!: string;
}

/** The query of the e-mailed link /ResetPass?email=&code=, and the new password. */
export class ResetPassDto implements ResetPassBody {
  @ApiProperty() @MaxLength(TEXT_MAX) @IsString() email!: string;
  @ApiProperty({ description: '8+ characters with a letter and a number' })
  @MaxLength(TEXT_MAX)
  @IsString()
  password!: string;
  @ApiProperty() @MaxLength(TEXT_MAX) @IsString() code!: string;
}

export class ChangePassDto implements ChangePassBody {
  @ApiProperty() @MaxLength(TEXT_MAX) @IsString() current_pass!: string;
  @ApiProperty({ description: '8+ characters with a letter and a number' })
  @MaxLength(TEXT_MAX)
  @IsString()
  new_pass!: string;
}
