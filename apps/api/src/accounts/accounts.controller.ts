import { Body, Controller } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx, AuthContext } from '../auth/auth-context';
import { Account, Auth, Roles } from '../auth/decorators';
import { AccountsService } from './accounts.service';
import { AccountDto, AccountNameDto, ManagerNameDto, NameDto, WhoAmIDto } from './dto/account.dto';
import { Route } from '../common/route.decorator';

/** Settings is the manager's (docs/requirements/roles.md: shown only to role < 1; docs/requirements/roles.md). */
@ApiTags('accounts')
@ApiSecurity('x-auth-token')
@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Route(endpoints.accounts.account)
  @Roles(ROLE_RULES.manageUsers.least)
  account(@Account() acct: AccountCtx): Promise<AccountDto> {
    return this.accounts.account(acct);
  }

  @Route(endpoints.accounts.renameAccount)
  @Roles(ROLE_RULES.manageUsers.least)
  renameAccount(@Account() acct: AccountCtx, @Body() dto: NameDto): Promise<AccountNameDto> {
    return this.accounts.renameAccount(acct, dto.name);
  }

  @Route(endpoints.accounts.renameManager)
  @Roles(ROLE_RULES.manageUsers.least)
  renameManager(@Account() acct: AccountCtx, @Body() dto: NameDto): Promise<ManagerNameDto> {
    return this.accounts.renameManager(acct, dto.name);
  }

  /** Any member, and API tokens: lets the command-line program check SWEEPLINE_TOKEN. */
  @Route(endpoints.accounts.whoAmI)
  whoAmI(@Account() acct: AccountCtx, @Auth() auth: AuthContext): Promise<WhoAmIDto> {
    return this.accounts.whoAmI(acct, auth);
  }
}
