import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AUDIT_CHAIN_PAGE,
  AUDIT_LIST_PAGE,
  auditCsv,
  type AuditCsvRow,
  type AuditRow,
  type AuditVerification,
  dayBounds,
  parseZoneOffset,
  Refused,
  verifyAuditPages,
} from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { AuditFilter, AuditRepository } from './audit.repository';
import type { AuditChainQueryDto, AuditQueryDto } from './dto/audit.dto';
import { AUDIT_MSG } from './dto/audit.dto';

/** Rows one CSV holds at most: a year of a busy account's changes, and a bounded reply. */
export const AUDIT_CSV_ROWS = 50_000;

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** History's rows, its CSV, the chain for `sweepline audit verify`, and the server's own check. */
@Injectable()
export class AuditService {
  constructor(private readonly rows: AuditRepository) {}

  list(acct: AccountCtx, query: AuditQueryDto): Promise<AuditCsvRow[]> {
    return this.rows.list(acct.accountId, filterOf(query), AUDIT_LIST_PAGE);
  }

  async csv(acct: AccountCtx, query: AuditQueryDto): Promise<string> {
    const rows = await this.rows.list(acct.accountId, filterOf(query), AUDIT_CSV_ROWS);
    return auditCsv(rows, parseZoneOffset(query.zone_offset ?? '0')!);
  }

  chain(acct: AccountCtx, query: AuditChainQueryDto): Promise<AuditRow[]> {
    return this.rows.chain(acct.accountId, Number(query.after_id ?? 0), AUDIT_CHAIN_PAGE);
  }

  /** The whole chain recomputed, a page at a time, stopping at the first bad row. */
  verify(acct: AccountCtx): Promise<AuditVerification> {
    return verifyAuditPages(
      (afterId) => this.rows.chain(acct.accountId, afterId, AUDIT_CHAIN_PAGE),
      sha256Hex,
    );
  }
}

/** The query's filters; local days become the instants that bound them. */
function filterOf(query: AuditQueryDto): AuditFilter {
  const offset = parseZoneOffset(query.zone_offset ?? '0')!;
  if (query.from && query.to && query.to < query.from) throw new Refused(AUDIT_MSG.reversed);
  const filter: AuditFilter = {};
  if (query.product_id) filter.productId = Number(query.product_id);
  if (query.seq_id) filter.seqId = Number(query.seq_id);
  if (query.user_id) filter.userId = Number(query.user_id);
  if (query.before_id) filter.beforeId = Number(query.before_id);
  if (query.from) filter.from = new Date(dayBounds(query.from, query.from, offset).from).toISOString();
  if (query.to) filter.until = new Date(dayBounds(query.to, query.to, offset).until).toISOString();
  return filter;
}
