import { Body, Controller, Header, Param } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { ApiTokensService } from './api-tokens.service';
import { ApiTokenDto, CreateApiTokenDto, CreatedApiTokenDto } from './dto/api-token.dto';
import { ParseIdPipe } from '../common/id-pipe';
import { Route } from '../common/route.decorator';

/** docs/requirements/identity.md#api-tokens: "a manager creates named tokens with a role in Settings". */
@ApiTags('api-tokens')
@ApiSecurity('x-auth-token')
@Roles(ROLE_RULES.manageUsers.least)
@Controller()
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Route(endpoints.apiTokens.list)
  list(@Account() acct: AccountCtx): Promise<ApiTokenDto[]> {
    return this.tokens.list(acct);
  }

  /** The reply holds the new secret: no browser or proxy may keep it (issue 42). */
  @Route(endpoints.apiTokens.create)
  @Header('Cache-Control', 'no-store')
  create(@Account() acct: AccountCtx, @Body() dto: CreateApiTokenDto): Promise<CreatedApiTokenDto> {
    return this.tokens.create(acct, dto);
  }

  @Route(endpoints.apiTokens.revoke)
  revoke(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number): Promise<null> {
    return this.tokens.revoke(acct, id);
  }
}
