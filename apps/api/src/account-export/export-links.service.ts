import { Injectable } from '@nestjs/common';
import { endpoints, Forbidden, Role, urlOf } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { API_PREFIX } from '../common/api-prefix';
import { UserRecords } from '../users/user-records.service';

/**
 * The Settings page's download of the export (docs/api/accounts.md, "Export links"): a browser
 * saves a download to disk as it arrives only when it navigates to it, and a navigation sends no
 * session header, so the page first asks for a single-use link whose code stands in for the
 * session for one minute. Whoever follows it must still be an active manager when they do.
 */
@Injectable()
export class ExportLinksService {
  constructor(
    private readonly users: UserRecords,
    private readonly codes: VerificationCodesService,
  ) {}

  async issue(acct: AccountCtx): Promise<{ url: string }> {
    const code = await this.codes.issue(acct.userId, 'export');
    return { url: `/${API_PREFIX}${urlOf(endpoints.accountExport.download, { query: { code } })}` };
  }

  /** The manager the code was issued to, as the export's caller; the code is used up. */
  async follow(code: string): Promise<AccountCtx> {
    const userId = await this.codes.consumeCode(code, 'export');
    const user = await this.users.byId(userId);
    if (!user || user.account_id === null || !user.is_active || user.role !== Role.Manager)
      throw new Forbidden('Only the account manager can export the account');
    return { accountId: user.account_id, userId, userName: user.name, role: Role.Manager };
  }
}
