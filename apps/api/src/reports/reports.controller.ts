import { Controller, Query } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import {
  DayCountDto,
  DayRateDto,
  PassRateQueryDto,
  ProductListItemDto,
  UnitCountQueryDto,
  YieldQueryDto,
} from './dto/reports.dto';
import { ReportsService } from './reports.service';
import { Route } from '../common/route.decorator';

/** docs/requirements/reports.md: the report screens' calls, open to every member of an account. */
@ApiTags('reports')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.results.least)
export class ReportsController {
  constructor(private readonly service: ReportsService) {}

  @Route(endpoints.reports.productList)
  @ApiOkResponse({ type: [ProductListItemDto] })
  productList(@Account() acct: AccountCtx) {
    return this.service.productList(acct);
  }

  @Route(endpoints.reports.dailyTestUnitCount)
  @ApiOkResponse({ type: [DayCountDto] })
  dailyTestedUnits(@Account() acct: AccountCtx, @Query() query: UnitCountQueryDto) {
    return this.service.dailyTestedUnits(acct, query);
  }

  @Route(endpoints.reports.dailyPassRate)
  @ApiOkResponse({ type: [DayRateDto] })
  dailyPassRate(@Account() acct: AccountCtx, @Query() query: PassRateQueryDto) {
    return this.service.dailyPassRate(acct, query);
  }

  @Route(endpoints.reports.snPassYield)
  @ApiOkResponse({ type: [DayRateDto] })
  passYield(@Account() acct: AccountCtx, @Query() query: YieldQueryDto) {
    return this.service.passYield(acct, query);
  }
}
