import { Controller, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints, type AuditRow, type AuditVerification } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { RawReply } from '../common/envelope';
import { Route } from '../common/route.decorator';
import { AuditService } from './audit.service';
import { AuditChainQueryDto, AuditQueryDto } from './dto/audit.dto';

/** The audit trail (docs/audit.md): managers read it, nobody writes it through a call. */
@ApiTags('audit')
@ApiSecurity('x-auth-token')
@Roles(ROLE_RULES.manageUsers.least)
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Route(endpoints.audit.list)
  list(@Account() acct: AccountCtx, @Query() query: AuditQueryDto): Promise<AuditRow[]> {
    return this.audit.list(acct, query);
  }

  @Route(endpoints.audit.csv)
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV itself, not enveloped' })
  async csv(@Account() acct: AccountCtx, @Query() query: AuditQueryDto): Promise<RawReply> {
    const body = Buffer.from(await this.audit.csv(acct, query), 'utf8');
    return new RawReply(
      new StreamableFile(body, {
        type: 'text/csv; charset=utf-8',
        length: body.length,
        disposition: 'attachment; filename="audit-trail.csv"',
      }),
    );
  }

  @Route(endpoints.audit.chain)
  chain(@Account() acct: AccountCtx, @Query() query: AuditChainQueryDto): Promise<AuditRow[]> {
    return this.audit.chain(acct, query);
  }

  @Route(endpoints.audit.verify)
  verify(@Account() acct: AccountCtx): Promise<AuditVerification> {
    return this.audit.verify(acct);
  }
}
