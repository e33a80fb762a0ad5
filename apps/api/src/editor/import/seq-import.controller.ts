import { Body, Controller } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ImportTestAnswer, ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../../auth/auth-context';
import { Account, Roles } from '../../auth/decorators';
import { ImportTestDto } from './seq-import.dto';
import { SeqImportService } from './seq-import.service';
import { Route } from '../../common/route.decorator';

/** docs/api/editor.md, "Import a test": the command-line program's `test import`. */
@ApiTags('test editor')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.editTests.least)
export class SeqImportController {
  constructor(private readonly service: SeqImportService) {}

  @Route(endpoints.editor.importTest)
  import(@Account() acct: AccountCtx, @Body() dto: ImportTestDto): Promise<ImportTestAnswer> {
    return this.service.import(acct, dto);
  }
}
