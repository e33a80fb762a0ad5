import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import {
  type Account,
  type AccountName,
  type AccountUser,
  type ManagerName,
  type NameBody,
  Role,
  type WhoAmI,
  type WhoAmIToken,
} from '@sweepline/domain';

/** PUT /user/account_name and PUT /user/manager_name. */
export class NameDto implements NameBody {
  @ApiProperty({ description: 'The new name; trimmed, the shared name rule (1-100 characters)' })
  @IsString()
  name!: string;
}

/** One user of the Settings table (docs/requirements/accounts-and-users.md#entities); the manager is not in the list. */
export class UserListItemDto implements AccountUser {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: [Role.Editor, Role.Operator], description: '1 Editor, 2 Operator' }) role!: Role;
  @ApiProperty({ description: 'false until the user has chosen a password from the e-mailed link' })
  active!: boolean;
}

/** GET /user/account (docs/requirements/accounts-and-users.md#entities, docs/requirements/accounts-and-users.md#calls). */
export class AccountDto implements Account {
  @ApiProperty() account_name!: string;
  @ApiProperty() manager_name!: string;
  @ApiProperty() manager_email!: string;
  @ApiProperty({ type: [UserListItemDto], description: 'Sorted by name, case-insensitively' })
  user_list!: UserListItemDto[];
}

export class AccountNameDto implements AccountName {
  @ApiProperty() account_name!: string;
}

export class ManagerNameDto implements ManagerName {
  @ApiProperty() manager_name!: string;
}

export class WhoAmITokenDto implements WhoAmIToken {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

/** GET /user/whoami: who the caller is, for the command-line program's token check. */
export class WhoAmIDto implements WhoAmI {
  @ApiProperty() account_name!: string;
  @ApiProperty({ description: "The user's name; for an API token, 'token <name>'" }) name!: string;
  @ApiProperty({ description: "The user's e-mail; empty for an API token" }) email!: string;
  @ApiProperty({ enum: [Role.Manager, Role.Editor, Role.Operator] }) role!: Role;
  @ApiProperty({ type: WhoAmITokenDto, nullable: true, description: 'The API token used, if any' })
  api_token!: WhoAmITokenDto | null;
}
