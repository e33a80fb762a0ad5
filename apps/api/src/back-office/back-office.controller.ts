import { Controller, Query } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import { Roles } from '../auth/decorators';
import { BackOfficeService } from './back-office.service';
import { AccountRowDto, BillQueryDto, BillRowDto, UsageQueryDto, UsageRowDto } from './dto/back-office.dto';
import { Route } from '../common/route.decorator';

/** docs/requirements/back-office-and-billing.md#accounts: the back office's calls, for the provider administrator only (docs/requirements/roles.md). */
@ApiTags('back office')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.backOffice.least)
export class BackOfficeController {
  constructor(private readonly service: BackOfficeService) {}

  @Route(endpoints.backOffice.bill)
  @ApiOkResponse({ type: [BillRowDto] })
  bill(@Query() query: BillQueryDto) {
    return this.service.bill(query.month);
  }

  @Route(endpoints.backOffice.usage)
  @ApiOkResponse({ type: [UsageRowDto] })
  usage(@Query() query: UsageQueryDto) {
    return this.service.usage(Number(query.day_num));
  }

  @Route(endpoints.backOffice.accounts)
  @ApiOkResponse({ type: [AccountRowDto] })
  accounts() {
    return this.service.accounts();
  }
}
