import { Injectable } from '@nestjs/common';
import type {
  ReleaseContent,
  ReleaseKind,
  ReleaseSettings,
  ReleaseState,
  SeqRelease,
  WaitingRelease,
} from '@sweepline/domain';
import { NotFound, RELEASE_MSG, Role } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Db } from '../database/transaction';

/**
 * The draft of test `s` (a seq row in scope) as release content: {steps, cals} in the runner's
 * wire shape (editor/wire.ts stepOf), the shape the migration 1763858500000 gave release 1. The
 * one place that builds it: a release stores it, a comparison compares it, so the two always
 * agree. PostgreSQL's jsonb equality ignores key order.
 */
const DRAFT_CONTENT = `jsonb_build_object(
    'steps', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                'id', st.id, 'name', st.name, 'isDefaultName', st.is_default_name,
                'instrumentId', st.instrument_id, 'actionId', st.action_id, 'param', st.param,
                'isCompleted', st.is_completed, 'errors', st.errors) ORDER BY st.position), '[]')
                FROM step st WHERE st.seq_id = s.id),
    'cals', s.cals)`;

/**
 * Whether release `r` holds the draft of `s`: the cheap way first (the draft's version is the one
 * the release was taken at, and every change of content raises it), else by content.
 */
const DRAFT_IS_RELEASE = `CASE WHEN r.seq_version = s.version THEN true ELSE r.content = ${DRAFT_CONTENT} END`;

/** Columns of a release without its content (lists never need it). */
const RELEASE_COLUMNS = `r.id, r.seq_id, r.no, r.kind, r.state, r.note, r.rolled_back_from, r.seq_version,
  r.created_by_id, r.created_by_name, r.created_at, r.decided_by_name, r.decided_at, r.reason`;

/** Releases that count as the test's newest: a rejected one is as if it had not been made. */
const NOT_REJECTED: ReleaseState[] = ['released', 'waiting'];
const RELEASED: ReleaseState[] = ['released'];

export interface ReleaseRow {
  id: number;
  seq_id: number;
  no: number;
  kind: ReleaseKind;
  state: ReleaseState;
  note: string;
  rolled_back_from: number | null;
  seq_version: number;
  created_by_id: number | null;
  created_by_name: string;
  created_at: Date;
  decided_by_name: string | null;
  decided_at: Date | null;
  reason: string | null;
}

/** A release and whether the test's draft is its content. */
export type ReleaseAgainstDraft = ReleaseRow & { draft_same: boolean };

/** A live test of a live product of the account, as release reads check it. */
export interface LiveSeqRow {
  id: number;
  product_id: number;
}

/** The newest released release of a test, as the runner's calls use it. */
export interface RunnableRow {
  seq_id: number;
  no: number;
  seq_version: number;
  /** Null when not asked for. */
  draft_same: boolean | null;
}

/** One test's mark (GET /product/:productId/release_marks); seq_id null for a product without tests. */
export interface MarkRow {
  seq_id: number | null;
  runnable_no: number | null;
  newest_no: number | null;
  draft_differs: boolean | null;
}

type WaitingRow = ReleaseRow & { product_id: number; product_name: string; seq_name: string };

export function releaseOf(row: ReleaseRow): SeqRelease {
  return {
    seqId: row.seq_id,
    no: row.no,
    kind: row.kind,
    state: row.state,
    note: row.note,
    rolledBackFrom: row.rolled_back_from,
    seqVersion: row.seq_version,
    createdBy: row.created_by_name,
    createdAt: row.created_at.toISOString(),
    decidedBy: row.decided_by_name,
    decidedAt: row.decided_at?.toISOString() ?? null,
    reason: row.reason,
  };
}

/**
 * The SQL of releases (docs/releases.md): the one writer of seq_release and of the account's
 * release settings. Every method is scoped to the account or takes a test the caller has found
 * in it; writes run under the product's lock (EditorService.lock), so numbers go up one by one.
 */
@Injectable()
export class ReleasesRepository {
  constructor(private readonly db: Db) {}

  /** Whether a live, active manager of the account other than `userId` can approve a release. */
  async hasManagerBesides(accountId: number, userId: number | null): Promise<boolean> {
    const [row] = await this.db.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM app_user
                       WHERE account_id = $1 AND role = $2 AND is_active AND deleted_at IS NULL
                         AND id IS DISTINCT FROM $3) AS found`,
      [accountId, Role.Manager, userId],
    );
    return row!.found;
  }

  async settings(accountId: number): Promise<ReleaseSettings> {
    const [row] = await this.db.query<ReleaseSettings>(
      `SELECT release_control AS "releaseControl", release_approval AS "approval" FROM account WHERE id = $1`,
      [accountId],
    );
    return row!;
  }

  /** Saves the settings, answering them as they were and as they are, in one atomic statement. */
  async saveSettings(
    accountId: number,
    settings: ReleaseSettings,
  ): Promise<{ before: ReleaseSettings; after: ReleaseSettings }> {
    const [row] = await this.db.query<{ before: ReleaseSettings; after: ReleaseSettings }>(
      `WITH old AS (SELECT id, release_control, release_approval FROM account WHERE id = $1 FOR UPDATE)
       UPDATE account a SET release_control = $2, release_approval = $3 FROM old WHERE a.id = old.id
       RETURNING json_build_object('releaseControl', old.release_control, 'approval', old.release_approval) AS before,
                 json_build_object('releaseControl', a.release_control, 'approval', a.release_approval) AS after`,
      [accountId, settings.releaseControl, settings.approval],
    );
    return row!;
  }

  /** A live test of a live product of the account; 404 'Test not found' otherwise. */
  async seq(accountId: number, seqId: number): Promise<LiveSeqRow> {
    const [row] = await this.db.query<LiveSeqRow>(
      `SELECT s.id, s.product_id FROM seq s JOIN product p ON p.id = s.product_id AND p.deleted_at IS NULL
        WHERE s.id = $1 AND s.account_id = $2 AND s.deleted_at IS NULL`,
      [seqId, accountId],
    );
    if (!row) throw new NotFound('Test');
    return row;
  }

  /** The test's releases, newest first. */
  list(seqId: number): Promise<ReleaseRow[]> {
    return this.db.query<ReleaseRow>(
      `SELECT ${RELEASE_COLUMNS} FROM seq_release r WHERE r.seq_id = $1 ORDER BY r.no DESC`,
      [seqId],
    );
  }

  /** Release `no` of the test; 404 'Release N not found'. */
  async byNo(seqId: number, no: number): Promise<ReleaseRow> {
    const [row] = await this.db.query<ReleaseRow>(
      `SELECT ${RELEASE_COLUMNS} FROM seq_release r WHERE r.seq_id = $1 AND r.no = $2`,
      [seqId, no],
    );
    if (!row) throw NotFound.saying(RELEASE_MSG.notFound(no));
    return row;
  }

  /** The newest release of the test that is not rejected, with whether the draft is its content. */
  newest(seqId: number): Promise<ReleaseAgainstDraft | undefined> {
    return this.newestIn(seqId, NOT_REJECTED);
  }

  /** The newest released release of the test (the one the runner runs), with the same. */
  newestReleased(seqId: number): Promise<ReleaseAgainstDraft | undefined> {
    return this.newestIn(seqId, RELEASED);
  }

  private async newestIn(seqId: number, states: ReleaseState[]): Promise<ReleaseAgainstDraft | undefined> {
    const [row] = await this.db.query<ReleaseAgainstDraft>(
      `SELECT ${RELEASE_COLUMNS}, ${DRAFT_IS_RELEASE} AS draft_same
         FROM seq s
         JOIN LATERAL (SELECT * FROM seq_release x WHERE x.seq_id = s.id AND x.state = ANY($2::text[])
                        ORDER BY x.no DESC LIMIT 1) r ON true
        WHERE s.id = $1`,
      [seqId, states],
    );
    return row;
  }

  /**
   * Per test of `seqIds` (of the account) that has one, its newest released release; with
   * `againstDraft`, also whether the draft is its content.
   */
  runnable(accountId: number, seqIds: readonly number[], againstDraft: boolean): Promise<RunnableRow[]> {
    if (seqIds.length === 0) return Promise.resolve([]);
    return this.db.query<RunnableRow>(
      `SELECT s.id AS seq_id, r.no, r.seq_version, CASE WHEN $3::boolean THEN ${DRAFT_IS_RELEASE} END AS draft_same
         FROM seq s
         JOIN LATERAL (SELECT x.no, x.seq_version, x.content FROM seq_release x
                        WHERE x.seq_id = s.id AND x.state = 'released' ORDER BY x.no DESC LIMIT 1) r ON true
        WHERE s.account_id = $1 AND s.id = ANY($2::int[])`,
      [accountId, seqIds, againstDraft],
    );
  }

  /**
   * The marks of every live test of a live product of the account, in one statement: its newest
   * released release and whether the draft differs from its newest not rejected one (the cheap
   * way first, as DRAFT_IS_RELEASE). No rows when the product is not the account's; one row with
   * a null seq_id when it has no tests.
   */
  marks(accountId: number, productId: number): Promise<MarkRow[]> {
    return this.db.query<MarkRow>(
      `SELECT s.id AS seq_id, rr.no AS runnable_no, r.no AS newest_no,
              CASE WHEN r.no IS NULL THEN true ELSE NOT ${DRAFT_IS_RELEASE} END AS draft_differs
         FROM product p
         LEFT JOIN seq s ON s.product_id = p.id AND s.deleted_at IS NULL
         LEFT JOIN LATERAL (SELECT x.no, x.seq_version, x.content FROM seq_release x
                             WHERE x.seq_id = s.id AND x.state = ANY($3::text[]) ORDER BY x.no DESC LIMIT 1) r ON true
         LEFT JOIN LATERAL (SELECT x.no FROM seq_release x
                             WHERE x.seq_id = s.id AND x.state = ANY($4::text[]) ORDER BY x.no DESC LIMIT 1) rr ON true
        WHERE p.id = $1 AND p.account_id = $2 AND p.deleted_at IS NULL
        ORDER BY s.stage_no, s.test_no, s.id`,
      [productId, accountId, NOT_REJECTED, RELEASED],
    );
  }

  /** The content of release `no` of the test (it exists: the caller found it). */
  async content(seqId: number, no: number): Promise<ReleaseContent> {
    const [row] = await this.db.query<{ content: ReleaseContent }>(
      `SELECT content FROM seq_release WHERE seq_id = $1 AND no = $2`,
      [seqId, no],
    );
    return row!.content;
  }

  /** The test's draft as release content. */
  async draftContent(seqId: number): Promise<ReleaseContent> {
    const [row] = await this.db.query<{ content: ReleaseContent }>(
      `SELECT ${DRAFT_CONTENT} AS content FROM seq s WHERE s.id = $1`,
      [seqId],
    );
    return row!.content;
  }

  /** The draft as the test's next release, numbered max + 1 (the caller holds the product's lock). */
  async insertDraft(
    acct: AccountCtx,
    seqId: number,
    release: { kind: ReleaseKind; state: ReleaseState; note: string },
  ): Promise<ReleaseRow> {
    const [row] = await this.db.query<ReleaseRow>(
      `WITH r AS (
         INSERT INTO seq_release (account_id, seq_id, no, seq_version, content, kind, state, note,
                                  created_by_id, created_by_name)
         SELECT s.account_id, s.id, coalesce((SELECT max(no) FROM seq_release WHERE seq_id = s.id), 0) + 1,
                s.version, ${DRAFT_CONTENT}, $2, $3, $4, $5, $6
           FROM seq s WHERE s.id = $1
         RETURNING *
       ) SELECT ${RELEASE_COLUMNS} FROM r`,
      [seqId, release.kind, release.state, release.note, acct.userId, acct.userName],
    );
    return row!;
  }

  /** Release `fromNo`'s content and version again, as the next number (a rollback). */
  async insertRollback(
    acct: AccountCtx,
    seqId: number,
    fromNo: number,
    release: { state: ReleaseState; note: string },
  ): Promise<ReleaseRow> {
    const [row] = await this.db.query<ReleaseRow>(
      `WITH r AS (
         INSERT INTO seq_release (account_id, seq_id, no, seq_version, content, kind, state, note,
                                  rolled_back_from, created_by_id, created_by_name)
         SELECT f.account_id, f.seq_id, (SELECT max(no) FROM seq_release WHERE seq_id = f.seq_id) + 1,
                f.seq_version, f.content, 'rollback', $3, $4, f.no, $5, $6
           FROM seq_release f WHERE f.seq_id = $1 AND f.no = $2
         RETURNING *
       ) SELECT ${RELEASE_COLUMNS} FROM r`,
      [seqId, fromNo, release.state, release.note, acct.userId, acct.userName],
    );
    return row!;
  }

  /**
   * A waiting release approved or rejected by the caller; undefined when it is no longer waiting
   * (another manager decided first).
   */
  async decide(
    acct: AccountCtx,
    id: number,
    decision: { state: ReleaseState; reason: string | null },
  ): Promise<ReleaseRow | undefined> {
    const [row] = await this.db.query<ReleaseRow>(
      `WITH r AS (
         UPDATE seq_release SET state = $2, reason = $3, decided_by_id = $4, decided_by_name = $5, decided_at = now()
          WHERE id = $1 AND state = 'waiting'
         RETURNING *
       ) SELECT ${RELEASE_COLUMNS} FROM r`,
      [id, decision.state, decision.reason, acct.userId, acct.userName],
    );
    return row;
  }

  /** The account's releases waiting for approval, of live tests, oldest first. */
  async waiting(accountId: number): Promise<WaitingRelease[]> {
    const rows = await this.db.query<WaitingRow>(
      `SELECT ${RELEASE_COLUMNS}, p.id AS product_id, p.name AS product_name, s.name AS seq_name
         FROM seq_release r
         JOIN seq s ON s.id = r.seq_id AND s.deleted_at IS NULL
         JOIN product p ON p.id = s.product_id AND p.deleted_at IS NULL
        WHERE r.account_id = $1 AND r.state = 'waiting'
        ORDER BY r.created_at, r.id`,
      [accountId],
    );
    return rows.map((row) => ({
      ...releaseOf(row),
      productId: row.product_id,
      productName: row.product_name,
      seqName: row.seq_name,
    }));
  }
}
