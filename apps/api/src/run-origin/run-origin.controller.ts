import { Body, Controller, HttpCode, Param } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { ParseBigIdPipe } from '../common/id-pipe';
import { Route } from '../common/route.decorator';
import {
  InstrumentCheckAnswerDto,
  InstrumentCheckBodyDto,
  InstrumentSettingsDto,
  RunOriginReportDto,
} from './dto/run-origin.dto';
import { RunOriginService } from './run-origin.service';

/** docs/api/runs.md, "What measured a run": every member reads a run's origin. */
@ApiTags('results')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.results.least)
export class RunOriginController {
  constructor(private readonly origins: RunOriginService) {}

  @Route(endpoints.instruments.runOrigin)
  @ApiOkResponse({ type: RunOriginReportDto })
  runOrigin(@Account() acct: AccountCtx, @Param('id', ParseBigIdPipe) id: number) {
    return this.origins.report(acct, id);
  }
}

/** The runner asks before it measures (docs/api/runs.md): every member may run tests. */
@ApiTags('runner')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.runTests.least)
export class InstrumentCheckController {
  constructor(private readonly origins: RunOriginService) {}

  @Route(endpoints.instruments.check)
  // it stores nothing: 200 rather than POST's usual 201
  @HttpCode(200)
  @ApiBody({ type: InstrumentCheckBodyDto })
  @ApiOkResponse({ type: InstrumentCheckAnswerDto })
  // checked by the domain's rule (instrumentCheckError), so the body reaches it unshaped
  check(@Account() acct: AccountCtx, @Body() body: unknown) {
    return this.origins.check(acct, body);
  }
}

/** Managers allow measuring with overdue instruments, as they set release control. */
@ApiTags('instruments')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.manageUsers.least)
export class InstrumentSettingsController {
  constructor(private readonly origins: RunOriginService) {}

  @Route(endpoints.instruments.settings)
  @ApiOkResponse({ type: InstrumentSettingsDto })
  settings(@Account() acct: AccountCtx) {
    return this.origins.settings(acct);
  }

  @Route(endpoints.instruments.saveSettings)
  @ApiOkResponse({ type: InstrumentSettingsDto })
  saveSettings(@Account() acct: AccountCtx, @Body() dto: InstrumentSettingsDto) {
    return this.origins.saveSettings(acct, dto);
  }
}
