import { Controller, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { Response } from 'express';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Public, Roles } from '../auth/decorators';
import { WithoutTransaction } from '../database/transaction';
import { AccountExportService } from './account-export.service';
import { ExportDownloadQueryDto, ExportLinkDto } from './dto/export-link.dto';
import { ExportLinksService } from './export-links.service';
import { Route } from '../common/route.decorator';

const ARCHIVE_DESCRIPTION =
  'A tar archive of JSON files, not enveloped, named "sweepline-export-<date>.tar": account, users, products, tests with their steps, serial numbers with their stages, runs with their step results, traces, attachments with their files';

/** The manager's copy of everything the account holds (docs/api/accounts.md, "Export"). */
@ApiTags('accounts')
@ApiSecurity('x-auth-token')
@Controller()
export class AccountExportController {
  constructor(
    private readonly exports: AccountExportService,
    private readonly links: ExportLinksService,
  ) {}

  @Route(endpoints.accountExport.archive)
  @Roles(ROLE_RULES.exportData.least)
  // the export opens its own read-only snapshot for as long as the download takes
  @WithoutTransaction()
  @ApiProduces('application/x-tar')
  @ApiOkResponse({ description: ARCHIVE_DESCRIPTION })
  async export(@Account() acct: AccountCtx, @Res() res: Response): Promise<void> {
    await this.exports.write(acct, res);
  }

  @Route(endpoints.accountExport.link)
  @Roles(ROLE_RULES.exportData.least)
  link(@Account() acct: AccountCtx): Promise<ExportLinkDto> {
    return this.links.issue(acct);
  }

  @Route(endpoints.accountExport.download)
  @Public()
  // the code is used up on its own statement before the archive's snapshot begins
  @WithoutTransaction()
  @ApiProduces('application/x-tar')
  @ApiOkResponse({ description: ARCHIVE_DESCRIPTION })
  async download(@Query() query: ExportDownloadQueryDto, @Res() res: Response): Promise<void> {
    await this.exports.write(await this.links.follow(query.code), res);
  }
}
