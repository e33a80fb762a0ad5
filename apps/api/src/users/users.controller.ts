import { Body, Controller, Param } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import { UserListItemDto } from '../accounts/dto/account.dto';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { RawReply } from '../common/envelope';
import { AddUserDto, EditUserDto } from './dto/user.dto';
import { UsersService } from './users.service';
import { ParseIdPipe } from '../common/id-pipe';
import { Route } from '../common/route.decorator';

/**
 * User management is the manager's (docs/requirements/roles.md). PUT /user/:id shares its
 * shape with PUT /user/<word> routes of other modules: create-app orders the literal ones first.
 */
@ApiTags('users')
@ApiSecurity('x-auth-token')
@Roles(ROLE_RULES.manageUsers.least)
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Route(endpoints.users.add)
  add(@Account() acct: AccountCtx, @Body() dto: AddUserDto): Promise<UserListItemDto> {
    return this.users.add(acct, dto);
  }

  @Route(endpoints.users.reactivate)
  reactivate(
    @Account() acct: AccountCtx,
    @Param('id', ParseIdPipe) id: number,
  ): Promise<UserListItemDto | RawReply> {
    return this.users.reactivate(acct, id);
  }

  @Route(endpoints.users.edit)
  edit(
    @Account() acct: AccountCtx,
    @Param('id', ParseIdPipe) id: number,
    @Body() dto: EditUserDto,
  ): Promise<UserListItemDto> {
    return this.users.edit(acct, id, dto);
  }

  @Route(endpoints.users.remove)
  remove(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number): Promise<null> {
    return this.users.remove(acct, id);
  }
}
