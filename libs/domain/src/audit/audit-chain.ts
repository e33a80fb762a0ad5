import type { AuditChange, AuditRow, AuditVerification } from '../api/audit';
import { canonicalJson } from '../releases/release-rules';

/** The prevHash of an account's first row: there is no row before it. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** Rows of GET /audit/chain a page; the command-line program pages through them. */
export const AUDIT_CHAIN_PAGE = 1000;

/** Rows of GET /audit (History) a page, newest first. */
export const AUDIT_LIST_PAGE = 100;

/** What a row's hash covers: everything but its id (given by the database) and the hashes. */
export type AuditRowContent = Omit<AuditRow, 'id' | 'prevHash' | 'hash'>;

/**
 * The text a row's hash is taken over, after its previous row's hash and a line feed: the row's
 * content as canonical JSON, so the database's jsonb (which reorders keys) hashes alike when read
 * back. The domain has no crypto: the API and the command-line program hash it with SHA-256.
 */
export function auditRowContent(row: AuditRowContent | AuditRow): string {
  const { thing, thingId, productId, seqId, action, changes, at, userId, userName } = row;
  return canonicalJson({ at, userId, userName, thing, thingId, productId, seqId, action, changes });
}

/** The text whose SHA-256 is a row's hash. */
export function auditHashInput(prevHash: string, row: AuditRowContent | AuditRow): string {
  return `${prevHash}\n${auditRowContent(row)}`;
}

/** The outcome of recomputing a chain, or a stretch of one (`lastHash` continues it). */
export interface AuditChainCheck {
  ok: boolean;
  /** Rows checked, the bad one included. */
  rows: number;
  /** The first row whose prevHash or hash does not match, or null. */
  firstBad: { id: number; at: string } | null;
  /** The last good row's hash: the prevHash the next stretch starts from. */
  lastHash: string;
}

/**
 * Recomputes an account's rows in chain order (id order): each row must name the previous row's
 * hash and hash to its own. A changed row fails its hash; a removed or inserted one breaks the
 * next row's link. Stops at the first bad row. `prevHash` continues a check of earlier pages.
 */
export function verifyAuditChain(
  rows: readonly AuditRow[],
  sha256Hex: (text: string) => string,
  prevHash: string = AUDIT_GENESIS_HASH,
): AuditChainCheck {
  let last = prevHash;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.prevHash !== last || sha256Hex(auditHashInput(last, row)) !== row.hash) {
      return { ok: false, rows: i + 1, firstBad: { id: row.id, at: row.at }, lastHash: last };
    }
    last = row.hash;
  }
  return { ok: true, rows: rows.length, firstBad: null, lastHash: last };
}

/**
 * An account's whole chain verified a page at a time, as GET /audit/chain serves it
 * (AUDIT_CHAIN_PAGE rows after a row's id; 0 for the first page): the server's verification and
 * `sweepline audit verify` alike. Stops at the first bad row.
 */
export async function verifyAuditPages(
  pageAfter: (afterId: number) => Promise<readonly AuditRow[]>,
  sha256Hex: (text: string) => string,
): Promise<AuditVerification> {
  let checked = 0;
  let prevHash = AUDIT_GENESIS_HASH;
  let afterId = 0;
  for (;;) {
    const page = await pageAfter(afterId);
    const check = verifyAuditChain(page, sha256Hex, prevHash);
    checked += check.rows;
    if (!check.ok) return { ok: false, rows: checked, firstBad: check.firstBad };
    if (page.length < AUDIT_CHAIN_PAGE) return { ok: true, rows: checked, firstBad: null };
    prevHash = check.lastHash;
    afterId = page[page.length - 1]!.id;
  }
}

/**
 * The changed fields between two records of a thing: every field whose values differ (compared as
 * canonical JSON, so a reordered object is no change), in `fields` order or else the records' own.
 * A field missing on one side is null there: a creation is auditChanges({}, record).
 */
export function auditChanges(
  before: object,
  after: object,
  fields: readonly string[] = [...new Set([...Object.keys(before), ...Object.keys(after)])],
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const from = (before as Record<string, unknown>)[field] ?? null;
    const to = (after as Record<string, unknown>)[field] ?? null;
    if (canonicalJson(from) !== canonicalJson(to)) changes.push({ field, from, to });
  }
  return changes;
}
