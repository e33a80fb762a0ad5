import { Controller, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { RawReply } from '../common/envelope';
import { ReportPdfQueryDto } from './dto/report-pdf.dto';
import { ReportPdfService } from './report-pdf.service';
import { Route } from '../common/route.decorator';

/** docs/requirements/pdf.md#call, "GET report PDF": the Test Result screen's PDF download. */
@ApiTags('results')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.results.least)
export class ReportPdfController {
  constructor(private readonly reports: ReportPdfService) {}

  @Route(endpoints.results.pdf)
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The PDF itself, not enveloped, as an attachment named "<sn> <test name>.pdf"',
  })
  @Header('Cache-Control', 'private, no-store')
  async pdf(@Account() acct: AccountCtx, @Query() query: ReportPdfQueryDto) {
    return new RawReply(await this.reports.pdf(acct, query));
  }
}
