import { Injectable } from '@nestjs/common';
import {
  auditChanges,
  Conflict,
  DiffSide,
  Forbidden,
  incompleteReason,
  NotFound,
  RejectReleaseBody,
  RELEASE_MSG,
  ReleaseContent,
  ReleaseDiff,
  ReleaseDiffQuery,
  ReleaseMark,
  releaseDiff,
  ReleaseNoteBody,
  ReleaseSettings,
  ReleaseState,
  Refused,
  RUNNER_MSG,
  SeqRelease,
  SeqReleases,
  WaitingRelease,
} from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { AuditTrail } from '../audit/audit-trail';
import { EditorService } from '../editor/editor.service';
import { releaseOf, ReleaseRow, ReleasesRepository } from './releases.repository';

/** The note of a release made when a runner first fetched a changed test without release control. */
export const AUTOMATIC_NOTE = 'Released automatically when a runner first fetched this content';

/** The `from` of a diff when the test has no release yet: an empty test, so every step shows as added. */
const NOTHING: ReleaseContent = { steps: [], cals: [] };

/** Where a release's audit rows belong: the release's row id, its test and product. */
function releaseThing(productId: number, release: ReleaseRow) {
  return { thing: 'release' as const, thingId: release.id, productId, seqId: release.seq_id };
}

/** The release the runner runs of a test, and the content it runs. */
export interface RunnableRelease {
  no: number;
  /** The draft's version the content was taken at. */
  seqVersion: number;
}

/**
 * Releases of tests (docs/releases.md): release a complete draft, roll back, approve or reject,
 * compare, and the account's release settings; and, for the runner, which release of a test runs.
 */
@Injectable()
export class ReleasesService {
  constructor(
    private readonly repo: ReleasesRepository,
    private readonly editor: EditorService,
    private readonly audit: AuditTrail,
  ) {}

  async list(acct: AccountCtx, seqId: number): Promise<SeqReleases> {
    await this.repo.seq(acct.accountId, seqId);
    const rows = await this.repo.list(seqId);
    const newest = await this.repo.newest(seqId);
    return {
      seqId,
      releases: rows.map(releaseOf),
      runnableNo: rows.find((row) => row.state === 'released')?.no ?? null,
      draftDiffers: !newest?.draft_same,
    };
  }

  /**
   * The tests column's marks of a live product of the account, one per live test, from one
   * statement (docs/releases.md); 404 'Product not found' otherwise.
   */
  async marks(acct: AccountCtx, productId: number): Promise<ReleaseMark[]> {
    const rows = await this.repo.marks(acct.accountId, productId);
    if (rows.length === 0) throw new NotFound('Product');
    return rows.flatMap((row) =>
      row.seq_id === null
        ? []
        : [
            {
              seqId: row.seq_id,
              runnableNo: row.runnable_no,
              newestNo: row.newest_no,
              draftDiffers: row.draft_differs!,
            },
          ],
    );
  }

  /** The complete draft as the next release; waiting under approval (docs/releases.md, "Release"). */
  async release(acct: AccountCtx, seqId: number, body: ReleaseNoteBody): Promise<SeqRelease> {
    const note = body.note.trim(); // 1-500 characters: ReleaseNoteDto checked it
    const { row, steps } = await this.editor.lock(acct, seqId);
    if (!row.is_completed) throw new Refused(RELEASE_MSG.notComplete(row.name, incompleteReason(steps)));
    const newest = await this.repo.newest(seqId);
    if (newest?.draft_same) throw new Refused(RELEASE_MSG.nothingNew(row.name, newest.no));
    const release = await this.repo.insertDraft(acct, seqId, {
      kind: 'explicit',
      state: await this.stateOfNew(acct),
      note,
    });
    await this.recordMade(acct, row.product_id, release);
    return releaseOf(release);
  }

  /** Release `no`'s content again as the next release; the draft stays as it is. */
  async rollback(acct: AccountCtx, seqId: number, no: number, body: ReleaseNoteBody): Promise<SeqRelease> {
    const note = body.note.trim(); // 1-500 characters: ReleaseNoteDto checked it
    const { row } = await this.editor.lock(acct, seqId);
    const target = await this.repo.byNo(seqId, no);
    if (target.state !== 'released') throw new Refused(RELEASE_MSG.rollbackToRelease(no));
    const release = await this.repo.insertRollback(acct, seqId, no, {
      state: await this.stateOfNew(acct),
      note,
    });
    await this.recordMade(acct, row.product_id, release);
    return releaseOf(release);
  }

  approve(acct: AccountCtx, seqId: number, no: number): Promise<SeqRelease> {
    return this.decide(acct, seqId, no, 'released', null);
  }

  reject(acct: AccountCtx, seqId: number, no: number, body: RejectReleaseBody): Promise<SeqRelease> {
    const reason = body.reason.trim(); // 1-500 characters: RejectReleaseDto checked it
    return this.decide(acct, seqId, no, 'rejected', reason);
  }

  /** What changed between two releases, or a release and the draft (the domain's releaseDiff). */
  async diff(acct: AccountCtx, seqId: number, query: ReleaseDiffQuery): Promise<ReleaseDiff> {
    await this.repo.seq(acct.accountId, seqId);
    const from: DiffSide =
      query.from === undefined ? ((await this.repo.newest(seqId))?.no ?? 0) : Number(query.from);
    const to: DiffSide = query.to === undefined || query.to === 'draft' ? 'draft' : Number(query.to);
    const [fromContent, toContent] = [await this.contentOf(seqId, from), await this.contentOf(seqId, to)];
    const { steps, cals } = releaseDiff(fromContent, toContent);
    return { seqId, from, to, steps, cals, same: steps.length === 0 && cals.length === 0 };
  }

  waiting(acct: AccountCtx): Promise<WaitingRelease[]> {
    return this.repo.waiting(acct.accountId);
  }

  settings(acct: AccountCtx): Promise<ReleaseSettings> {
    return this.repo.settings(acct.accountId);
  }

  async saveSettings(acct: AccountCtx, settings: ReleaseSettings): Promise<ReleaseSettings> {
    if (settings.approval && !settings.releaseControl) throw new Refused(RELEASE_MSG.approvalNeedsControl);
    const { before, after } = await this.repo.saveSettings(acct.accountId, settings);
    const changes = auditChanges({ ...before }, { ...after });
    // saving the settings as they were changes nothing, so it is no row of the trail
    if (changes.length > 0)
      await this.audit.record(acct, { thing: 'account', thingId: acct.accountId, action: 'update', changes });
    return after;
  }

  /**
   * The release each of `seqIds` runs: under release control its newest released release;
   * without, the newest released one when it holds the draft (else the runner's fetch makes one).
   */
  async runnable(
    acct: AccountCtx,
    seqIds: readonly number[],
  ): Promise<{ releaseControl: boolean; releases: Map<number, RunnableRelease> }> {
    const { releaseControl } = await this.repo.settings(acct.accountId);
    const rows = await this.repo.runnable(acct.accountId, seqIds, !releaseControl);
    const releases = new Map<number, RunnableRelease>();
    for (const row of rows) {
      if (releaseControl || row.draft_same)
        releases.set(row.seq_id, { no: row.no, seqVersion: row.seq_version });
    }
    return { releaseControl, releases };
  }

  /**
   * What GET /runner/seqs/{id} runs of a live test of the account: under release control the
   * newest released release (409 when there is none); without, the draft, released
   * automatically the first time it is fetched (400 when it is not complete).
   */
  async forRunner(
    acct: AccountCtx,
    seq: { id: number; name: string },
  ): Promise<{ releaseControl: boolean; release: RunnableRelease; content: ReleaseContent }> {
    const { releaseControl } = await this.repo.settings(acct.accountId);
    const release = releaseControl ? await this.newestReleased(seq) : await this.draftReleased(acct, seq);
    return { releaseControl, release, content: await this.repo.content(seq.id, release.no) };
  }

  private async newestReleased(seq: { id: number; name: string }): Promise<RunnableRelease> {
    const newest = await this.repo.newestReleased(seq.id);
    if (!newest) throw new Conflict(RELEASE_MSG.notReleasedYet(seq.name));
    return { no: newest.no, seqVersion: newest.seq_version };
  }

  /** The released release that holds the draft, made now under the product's lock when none does. */
  private async draftReleased(acct: AccountCtx, seq: { id: number; name: string }): Promise<RunnableRelease> {
    const seen = await this.repo.newestReleased(seq.id);
    if (seen?.draft_same) return { no: seen.no, seqVersion: seen.seq_version };
    const { row, steps } = await this.editor.lock(acct, seq.id);
    if (!row.is_completed) throw new Refused(RUNNER_MSG.notComplete(row.name, incompleteReason(steps)));
    // another runner may have made it while this one waited for the lock
    const newest = await this.repo.newestReleased(seq.id);
    const release: ReleaseRow = newest?.draft_same
      ? newest
      : await this.repo.insertDraft(acct, seq.id, {
          kind: 'automatic',
          state: 'released',
          note: AUTOMATIC_NOTE,
        });
    return { no: release.no, seqVersion: release.seq_version };
  }

  private async decide(
    acct: AccountCtx,
    seqId: number,
    no: number,
    state: ReleaseState,
    reason: string | null,
  ): Promise<SeqRelease> {
    const seq = await this.repo.seq(acct.accountId, seqId);
    const release = await this.repo.byNo(seqId, no);
    if (release.state !== 'waiting') throw new Conflict(RELEASE_MSG.notWaiting(no));
    if (release.created_by_id === acct.userId) throw new Forbidden(RELEASE_MSG.ownRelease);
    const decided = await this.repo.decide(acct, release.id, { state, reason });
    // another manager decided between the read and the write
    if (!decided) throw new Conflict(RELEASE_MSG.notWaiting(no));
    await this.audit.record(acct, {
      ...releaseThing(seq.product_id, decided),
      action: state === 'released' ? 'approve' : 'reject',
      changes: auditChanges(
        { state: release.state, reason: release.reason },
        { state: decided.state, reason: decided.reason },
      ),
    });
    return releaseOf(decided);
  }

  /** The audit row of a release made: its number, kind, state, note and what it rolled back to. */
  private recordMade(acct: AccountCtx, productId: number, release: ReleaseRow): Promise<void> {
    const { no, kind, state, note, rolledBackFrom } = releaseOf(release);
    return this.audit.record(acct, {
      ...releaseThing(productId, release),
      action: kind === 'rollback' ? 'rollback' : 'release',
      changes: auditChanges({}, { no, kind, state, note, rolledBackFrom }),
    });
  }

  /** A new release waits for a second person's approval when the account asks for one. */
  /**
   * Released, or waiting under approval. A release nobody could approve is refused at once: an
   * account has one manager (the specification's), so under approval an editor releases and the
   * manager approves (docs/releases.md, "Approval").
   */
  private async stateOfNew(acct: AccountCtx): Promise<ReleaseState> {
    const { releaseControl, approval } = await this.repo.settings(acct.accountId);
    if (!(releaseControl && approval)) return 'released';
    if (!(await this.repo.hasManagerBesides(acct.accountId, acct.userId)))
      throw new Refused(RELEASE_MSG.noApprover);
    return 'waiting';
  }

  private async contentOf(seqId: number, side: DiffSide): Promise<ReleaseContent> {
    if (side === 'draft') return this.repo.draftContent(seqId);
    if (side === 0) return NOTHING;
    await this.repo.byNo(seqId, side);
    return this.repo.content(seqId, side);
  }
}
