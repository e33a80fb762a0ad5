import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Role } from '@sweepline/domain';
import type { Response } from 'express';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { WithoutTransaction } from '../database/transaction';
import { AccountExportService } from './account-export.service';

/** The manager's copy of everything the account holds (docs/api/accounts.md, "Export"). */
@ApiTags('accounts')
@ApiSecurity('x-auth-token')
@Controller('user')
export class AccountExportController {
  constructor(private readonly exports: AccountExportService) {}

  @Get('export')
  @Roles(Role.Manager)
  // the export opens its own read-only snapshot for as long as the download takes
  @WithoutTransaction()
  @ApiProduces('application/x-tar')
  @ApiOkResponse({
    description:
      'A tar archive of JSON files, not enveloped, named "sweepline-export-<date>.tar": account, users, products, tests with their steps, serial numbers with their stages, runs with their step results, traces, attachments with their files',
  })
  async export(@Account() acct: AccountCtx, @Res() res: Response): Promise<void> {
    await this.exports.write(acct, res);
  }
}
