import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString } from 'class-validator';
import { type AddUserBody, Role, type UserFields } from '@sweepline/domain';

const ROLE_DOC = { enum: [Role.Editor, Role.Operator], description: '1 Editor, 2 Operator' };

/** POST /user (docs/requirements/accounts-and-users.md#calls): the user dialog's fields. */
export class AddUserDto implements AddUserBody {
  @ApiProperty({ description: 'Trimmed; the shared name rule (1-100 characters)' })
  @IsString()
  name!: string;

  @ApiProperty({ description: 'A valid address, not used by any other user' })
  @IsString()
  email!: string;

  @ApiProperty(ROLE_DOC)
  @IsInt()
  role!: number;
}

/** PUT /user/{id}: the e-mail is read-only when editing (docs/requirements/accounts-and-users.md). */
export class EditUserDto implements UserFields {
  @ApiProperty({ description: 'Trimmed; the shared name rule (1-100 characters)' })
  @IsString()
  name!: string;

  @ApiProperty(ROLE_DOC)
  @IsInt()
  role!: number;
}
