/**
 * The audit trail (docs/audit.md): one append-only row per change, chained per account by
 * SHA-256 over the previous row's hash and this row's content.
 */

/** What a row is about. */
export type AuditThing =
  | 'product'
  | 'test'
  | 'step'
  | 'calibration'
  | 'process_control'
  | 'release'
  | 'stage_jump'
  | 'user'
  | 'api_token'
  | 'account'
  | 'instrument';

/** One changed field, with its value before and after (null when there was none). */
export interface AuditChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** One row of the trail, as History lists it and `sweepline audit verify` recomputes it. */
export interface AuditRow {
  id: number;
  /** ISO 8601, to the microsecond PostgreSQL keeps. */
  at: string;
  /** Null for an API token's change (its name is userName). */
  userId: number | null;
  userName: string;
  thing: AuditThing;
  /** The thing's id (a serial number's text for a stage jump). */
  thingId: string;
  /** The product and test it belongs to, for History's filters; null when none. */
  productId: number | null;
  seqId: number | null;
  /** A verb: 'create', 'rename', 'update', 'delete', 'release', 'approve'... */
  action: string;
  changes: AuditChange[];
  /** Hex SHA-256 of the previous row of the account (64 zeros for the first). */
  prevHash: string;
  /** Hex SHA-256 over prevHash and this row's content (auditRowContent). */
  hash: string;
}

/** GET /audit and GET /audit/csv: History's filters; days are local days of zone_offset. */
export interface AuditQuery {
  product_id?: string;
  seq_id?: string;
  user_id?: string;
  /** 'YYYY-MM-DD', both ends included. */
  from?: string;
  to?: string;
  zone_offset?: string;
  /** Paging, newest first: rows with a smaller id than this. */
  before_id?: string;
}

/** GET /audit/chain: the account's rows in chain order, a page after `after_id`. */
export interface AuditChainQuery {
  after_id?: string;
}

/** GET /audit/verify: the chain recomputed on the server. */
export interface AuditVerification {
  ok: boolean;
  rows: number;
  /** The first row whose hash does not match, or null. */
  firstBad: { id: number; at: string } | null;
}
