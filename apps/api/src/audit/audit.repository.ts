import { Injectable } from '@nestjs/common';
import { AUDIT_GENESIS_HASH, type AuditCsvRow, type AuditRow, type AuditRowContent } from '@sweepline/domain';
import { Db } from '../database/transaction';

/** What appending a row inside a statement takes: its CTEs' text and their parameters. */
export interface AuditAppend {
  /** `audit_head_ AS (…), audit_row_ AS (…)`, for a statement's WITH list. */
  ctes: string;
  params: unknown[];
}

/**
 * Appending one row as two CTEs of a statement, its parameters numbered from `$first`: the
 * upsert of the account's head row locks it until the request's transaction ends (serializing
 * the account's appends) and computes the new hash from the head's last one; the row is inserted
 * with both. PostgreSQL's sha256 over the UTF-8 text of `prev_hash \n content` is what
 * auditHashInput and node:crypto give. A data-modifying CTE runs whether the statement reads it
 * or not, so a writer appends its row in its own statement at no extra round trip (EditorStore).
 */
function appendCtes(first: number): string {
  const $ = (n: number) => `$${first + n - 1}`;
  return `audit_head_ AS (
    INSERT INTO audit_head AS h (account_id, prev_hash, last_hash)
    VALUES (${$(1)}, ${$(2)}::text, encode(sha256(convert_to(${$(2)}::text || E'\\n' || ${$(3)}::text, 'UTF8')), 'hex'))
    ON CONFLICT (account_id) DO UPDATE
      SET prev_hash = h.last_hash,
          last_hash = encode(sha256(convert_to(h.last_hash || E'\\n' || ${$(3)}::text, 'UTF8')), 'hex')
    RETURNING prev_hash, last_hash
  ), audit_row_ AS (
    INSERT INTO audit_event
      (account_id, at, user_id, user_name, thing, thing_id, product_id, seq_id, action, changes, prev_hash, hash)
    SELECT ${$(1)}, ${$(4)}::timestamptz, ${$(5)}::integer, ${$(6)}::text, ${$(7)}::text, ${$(8)}::text,
           ${$(9)}::integer, ${$(10)}::integer, ${$(11)}::text, ${$(12)}::jsonb, head.prev_hash, head.last_hash
      FROM audit_head_ AS head
  )`;
}

/** A row alone: one statement. */
const APPEND = `WITH ${appendCtes(1)} SELECT 1`;

/** A row as PostgreSQL answers it. */
interface EventRecord {
  id: string;
  at: Date;
  user_id: number | null;
  user_name: string;
  thing: AuditRow['thing'];
  thing_id: string;
  product_id: number | null;
  seq_id: number | null;
  action: string;
  changes: AuditRow['changes'];
  prev_hash: string;
  hash: string;
}

const COLUMNS = `id, at, user_id, user_name, thing, thing_id, product_id, seq_id, action, changes, prev_hash, hash`;

function rowOf(r: EventRecord): AuditRow {
  return {
    // bigserial: pg answers it as text; ids stay far below 2^53
    id: Number(r.id),
    at: r.at.toISOString(),
    userId: r.user_id,
    userName: r.user_name,
    thing: r.thing,
    thingId: r.thing_id,
    productId: r.product_id,
    seqId: r.seq_id,
    action: r.action,
    changes: r.changes,
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}

/** History's filters, checked and turned into instants. */
export interface AuditFilter {
  productId?: number;
  seqId?: number;
  userId?: number;
  /** Half-open [from, until) instants, ISO. */
  from?: string;
  until?: string;
  beforeId?: number;
}

/** The tables audit_event and audit_head (migration 1763858600000). */
@Injectable()
export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** Appends a row to the account's chain; `content` is auditRowContent(row). */
  async append(accountId: number, row: AuditRowContent, content: string): Promise<void> {
    // on every change of a product, a user...: parsed and planned once per connection
    await this.db.prepared('audit-append', APPEND, appendParams(accountId, row, content));
  }

  /** The account's rows in chain order, `limit` after the row `afterId` (0: from the first). */
  async chain(accountId: number, afterId: number, limit: number): Promise<AuditRow[]> {
    const rows = await this.db.query<EventRecord>(
      `SELECT ${COLUMNS} FROM audit_event WHERE account_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [accountId, afterId, limit],
    );
    return rows.map(rowOf);
  }

  /**
   * The account's rows that pass `filter`, newest first, with their product's and test's names
   * (as they are now; a deleted one's too). Each filter is a parameter that is null when unused.
   */
  async list(accountId: number, filter: AuditFilter, limit: number): Promise<AuditCsvRow[]> {
    const rows = await this.db.query<EventRecord & { product_name: string | null; seq_name: string | null }>(
      `SELECT ${COLUMNS.split(', ')
        .map((c) => `e.${c}`)
        .join(', ')}, p.name AS product_name, s.name AS seq_name
         FROM audit_event e
         LEFT JOIN product p ON p.id = e.product_id AND p.account_id = e.account_id
         LEFT JOIN seq s ON s.id = e.seq_id AND s.account_id = e.account_id
        WHERE e.account_id = $1
          AND ($2::integer IS NULL OR e.product_id = $2)
          AND ($3::integer IS NULL OR e.seq_id = $3)
          AND ($4::integer IS NULL OR e.user_id = $4)
          AND ($5::timestamptz IS NULL OR e.at >= $5)
          AND ($6::timestamptz IS NULL OR e.at < $6)
          AND ($7::bigint IS NULL OR e.id < $7)
        ORDER BY e.id DESC
        LIMIT $8`,
      [
        accountId,
        filter.productId ?? null,
        filter.seqId ?? null,
        filter.userId ?? null,
        filter.from ?? null,
        filter.until ?? null,
        filter.beforeId ?? null,
        limit,
      ],
    );
    return rows.map((r) => ({ ...rowOf(r), productName: r.product_name, seqName: r.seq_name }));
  }
}

function appendParams(accountId: number, row: AuditRowContent, content: string): unknown[] {
  return [
    accountId,
    AUDIT_GENESIS_HASH,
    content,
    row.at,
    row.userId,
    row.userName,
    row.thing,
    row.thingId,
    row.productId,
    row.seqId,
    row.action,
    JSON.stringify(row.changes),
  ];
}

/** The CTEs and parameters that append `row` inside a statement whose own parameters end before `$first`. */
export function appendInStatement(
  accountId: number,
  row: AuditRowContent,
  content: string,
  first: number,
): AuditAppend {
  return { ctes: appendCtes(first), params: appendParams(accountId, row, content) };
}
