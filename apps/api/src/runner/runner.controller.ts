import { Body, Controller, Param, Query, UploadedFile } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ATTACHMENT_LIMITS, ATTACHMENT_MSG, ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import type { UploadedFile as File } from '../runs/attachments.service';
import { AttachmentsService } from '../runs/attachments.service';
import { AttachmentFieldsDto, AttachmentUploadDto } from '../runs/dto/attachment.dto';
import { AttachmentInfoDto } from '../runs/dto/results.dto';
import { RunnerProductDto, RunnerSnQueryDto, RunnerSnStateDto } from './dto/runner.dto';
import { RunnerService } from './runner.service';
import { ParseIdPipe, ParseBigIdPipe } from '../common/id-pipe';
import { Route } from '../common/route.decorator';
import { FileUpload } from '../common/file-upload';

/** Every member may make the runner's calls (operators run tests): these and the run upload route. */
export const RUNNER_ROLE = ROLE_RULES.runTests.least;

/**
 * docs/requirements/runner.md#runner-calls: what the command-line program needs, with a session or
 * an API token (SWEEPLINE_TOKEN).
 */
@ApiTags('runner')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(RUNNER_ROLE)
export class RunnerController {
  constructor(
    private readonly runner: RunnerService,
    private readonly attachments: AttachmentsService,
  ) {}

  @Route(endpoints.runner.products)
  @ApiOkResponse({ type: [RunnerProductDto] })
  products(@Account() acct: AccountCtx) {
    return this.runner.products(acct);
  }

  @Route(endpoints.runner.seq)
  seq(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number) {
    return this.runner.seq(acct, id);
  }

  @Route(endpoints.runner.sn)
  @ApiOkResponse({ type: RunnerSnStateDto })
  sn(@Account() acct: AccountCtx, @Query() query: RunnerSnQueryDto) {
    return this.runner.sn(
      acct,
      query.sn,
      query.product_id === undefined ? undefined : Number(query.product_id),
    );
  }

  // POST runs (the upload) is served ahead of Nest: run-upload.route.ts

  @Route(endpoints.runner.attachment)
  @ApiBody({ type: AttachmentUploadDto })
  @ApiOkResponse({ type: AttachmentInfoDto })
  @FileUpload({ maxBytes: ATTACHMENT_LIMITS.fileBytes, fields: 4, tooLarge: ATTACHMENT_MSG.fileTooLarge })
  attach(
    @Account() acct: AccountCtx,
    @Param('id', ParseBigIdPipe) id: number,
    @Body() fields: AttachmentFieldsDto,
    @UploadedFile() file?: File,
  ) {
    return this.attachments.add(acct, id, fields, file);
  }
}
