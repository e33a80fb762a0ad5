import { Injectable } from '@nestjs/common';
import type { AuditChange, AuditThing } from '@sweepline/domain';
import { auditRowContent, type AuditRowContent } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { type AuditAppend, appendInStatement, AuditRepository } from './audit.repository';

/** What a change writes in the trail, beyond who made it and when. */
export interface AuditEntry {
  thing: AuditThing;
  /** The thing's id (a serial number's text for a stage jump). */
  thingId: number | string;
  /** The product and test it belongs to, for History's filters. */
  productId?: number | null;
  seqId?: number | null;
  /** A verb: 'create', 'rename', 'update', 'delete', 'restore', 'release'... */
  action: string;
  /** The changed fields with their old and new values (auditChanges of the domain makes them). */
  changes: readonly AuditChange[];
}

/**
 * The audit trail's one writer (docs/audit.md): every change to what the account's results depend
 * on records a row here, on the request's transaction, so a refused request (which rolls back)
 * leaves none and an accepted one cannot commit without its row.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly rows: AuditRepository) {}

  async record(acct: AccountCtx, entry: AuditEntry): Promise<void> {
    const row = rowOf(acct, entry);
    await this.rows.append(acct.accountId, row, auditRowContent(row));
  }

  /**
   * The row of `entry` as CTEs to append inside the writer's own statement, whose parameters end
   * before `$first`: the same row as record() writes, without a round trip of its own.
   */
  inStatement(acct: AccountCtx, entry: AuditEntry, first: number): AuditAppend {
    const row = rowOf(acct, entry);
    return appendInStatement(acct.accountId, row, auditRowContent(row), first);
  }
}

function rowOf(acct: AccountCtx, entry: AuditEntry): AuditRowContent {
  return {
    // to the millisecond, as timestamptz keeps it and toISOString reads it back
    at: new Date().toISOString(),
    // a token's change is the token's, not the manager's who made the token
    userId: acct.apiTokenId === undefined ? acct.userId : null,
    userName: acct.userName,
    thing: entry.thing,
    thingId: String(entry.thingId),
    productId: entry.productId ?? null,
    seqId: entry.seqId ?? null,
    action: entry.action,
    changes: storedChanges(entry.changes),
  };
}

/**
 * The changes as jsonb gives them back (a Date as its ISO text, no undefined), so the content
 * hashed now is the content the verification reads.
 */
function storedChanges(changes: readonly AuditChange[]): AuditChange[] {
  return JSON.parse(
    JSON.stringify(changes.map(({ field, from, to }) => ({ field, from: from ?? null, to: to ?? null }))),
  ) as AuditChange[];
}
