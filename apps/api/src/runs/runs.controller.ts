import { Controller, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { RawReply } from '../common/envelope';
import { AttachmentsService } from './attachments.service';
import {
  AttachmentInfoDto,
  LatestRunDto,
  SnProductsQueryDto,
  SnReportDto,
  SnReportQueryDto,
  TraceDataDto,
} from './dto/results.dto';
import { ResultsService } from './results.service';
import { ParseBigIdPipe } from '../common/id-pipe';
import { Route } from '../common/route.decorator';

/** docs/requirements/results.md#calls: the Test Result screen; docs/requirements/storage.md#traces: a run's traces and files. */
@ApiTags('results')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.results.least)
export class RunsController {
  constructor(
    private readonly results: ResultsService,
    private readonly attachments: AttachmentsService,
  ) {}

  @Route(endpoints.results.bySn)
  @ApiOkResponse({ type: SnReportDto })
  bySn(@Account() acct: AccountCtx, @Query() query: SnReportQueryDto) {
    return this.results.bySn(acct, query);
  }

  @Route(endpoints.results.bySnEveryProduct)
  @ApiOkResponse({ type: [SnReportDto] })
  bySnEveryProduct(@Account() acct: AccountCtx, @Query() query: SnProductsQueryDto) {
    return this.results.bySnEveryProduct(acct, query);
  }

  @Route(endpoints.results.latest)
  @ApiOkResponse({ type: [LatestRunDto] })
  latest(@Account() acct: AccountCtx) {
    return this.results.latest(acct);
  }

  @Route(endpoints.results.traces)
  @ApiOkResponse({ type: [TraceDataDto] })
  traces(@Account() acct: AccountCtx, @Param('id', ParseBigIdPipe) id: number) {
    return this.results.traces(acct, id);
  }

  @Route(endpoints.results.attachments)
  @ApiOkResponse({ type: [AttachmentInfoDto] })
  attachmentList(@Account() acct: AccountCtx, @Param('id', ParseBigIdPipe) id: number) {
    return this.attachments.list(acct, id);
  }

  @Route(endpoints.results.attachment)
  @ApiProduces('image/png', 'image/jpeg', 'text/plain')
  @ApiOkResponse({ description: 'The file itself, not enveloped' })
  async attachment(
    @Account() acct: AccountCtx,
    @Param('id', ParseBigIdPipe) id: number,
    @Param('attachmentId', ParseBigIdPipe) attachmentId: number,
  ) {
    return new RawReply(await this.attachments.file(acct, id, attachmentId));
  }
}
