import { Body, Controller, Param, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ATTACHMENT_LIMITS, ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import type { UploadedFile as File } from '../runs/attachments.service';
import { AttachmentsService } from '../runs/attachments.service';
import { AttachmentFieldsDto, AttachmentUploadDto } from '../runs/dto/attachment.dto';
import { AttachmentInfoDto } from '../runs/dto/results.dto';
import { RunnerProductDto, RunnerSnQueryDto, RunnerSnStateDto } from './dto/runner.dto';
import { RunnerService } from './runner.service';
import { UploadErrorsInterceptor } from './upload-errors.interceptor';
import { ParseIdPipe, ParseBigIdPipe } from '../common/id-pipe';
import { Route } from '../common/route.decorator';

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
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AttachmentUploadDto })
  @ApiOkResponse({ type: AttachmentInfoDto })
  @UseInterceptors(
    UploadErrorsInterceptor,
    FileInterceptor('file', {
      limits: { fileSize: ATTACHMENT_LIMITS.fileBytes, files: 1, fields: 4 },
      // browsers and curl send file names as raw UTF-8; multer reads latin1 unless told
      defParamCharset: 'utf8',
    }),
  )
  attach(
    @Account() acct: AccountCtx,
    @Param('id', ParseBigIdPipe) id: number,
    @Body() fields: AttachmentFieldsDto,
    @UploadedFile() file?: File,
  ) {
    return this.attachments.add(acct, id, fields, file);
  }
}
