import { Body, Controller, HttpCode, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { endpoints, ROLE_RULES } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { RawReply } from '../common/envelope';
import { Route } from '../common/route.decorator';
import { ContainmentService } from './containment.service';
import { ContainmentQueryDto, RetestDto } from './dto/containment.dto';

/**
 * docs/api/instruments.md, "Containment": every member reads which units were measured how;
 * editors and managers send units back for retest.
 */
@ApiTags('containment')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.results.least)
export class ContainmentController {
  constructor(private readonly containment: ContainmentService) {}

  @Route(endpoints.containment.list)
  list(@Account() acct: AccountCtx, @Query() query: ContainmentQueryDto) {
    return this.containment.list(acct, query);
  }

  @Route(endpoints.containment.csv)
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV itself, not enveloped' })
  async csv(@Account() acct: AccountCtx, @Query() query: ContainmentQueryDto): Promise<RawReply> {
    const body = Buffer.from(await this.containment.csv(acct, query), 'utf8');
    return new RawReply(
      new StreamableFile(body, {
        type: 'text/csv; charset=utf-8',
        length: body.length,
        disposition: 'attachment; filename="containment.csv"',
      }),
    );
  }

  // a jump moves units, it creates nothing: 200 rather than POST's usual 201
  @Route(endpoints.containment.retest)
  @Roles(ROLE_RULES.editTests.least)
  @HttpCode(200)
  retest(@Account() acct: AccountCtx, @Body() body: RetestDto) {
    return this.containment.retest(acct, body);
  }
}
