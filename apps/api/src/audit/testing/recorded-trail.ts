import type { AccountCtx } from '../../auth/auth-context';
import type { AuditEntry, AuditTrail } from '../audit-trail';

/** AuditTrail for service specs without a database: keeps what was recorded, in order. */
export class RecordedTrail implements Pick<AuditTrail, 'record'> {
  readonly entries: (AuditEntry & { accountId: number })[] = [];

  async record(acct: AccountCtx, entry: AuditEntry): Promise<void> {
    this.entries.push({ ...entry, accountId: acct.accountId });
  }

  /** As the services take it. */
  asTrail(): AuditTrail {
    return this as unknown as AuditTrail;
  }
}
