import type {
  ReleaseDiff,
  ReleaseSettings,
  RunnerSeq,
  Seq,
  SeqRelease,
  SeqReleases,
  Step,
  WaitingRelease,
} from '@sweepline/domain';
import { ActionId, RELEASE_LIMITS, RELEASE_MSG, Role } from '@sweepline/domain';
import { completeParam } from '@sweepline/domain/src/testing/step-fixtures';
import type { Member } from '../../test/fixtures';
import { createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import type { EditorApi, EditorMembers } from '../editor/testing/editor-api';
import {
  addProduct,
  addSeq,
  addStep,
  completeTest,
  createEditorMembers,
  editorApi,
  editorRows,
  expectRefusals,
  ok,
  saveParam,
} from '../editor/testing/editor-api';

describeEachDatabase('releases of tests (docs/releases.md)', (t) => {
  let m: EditorMembers;
  let secondManager: Member;
  let productId: number;
  /** 'Pass band', complete: the test every case releases. */
  let seq: Seq;
  const as = (member: Member): EditorApi => editorApi(t, member);
  const editor = () => as(m.editor);
  const manager = () => as(m.manager);
  const releasesOf = (seqId = seq.id) => ok<SeqReleases>(as(m.operator).get(`/seq/${seqId}/releases`));
  const release = (note: string, by = editor(), seqId = seq.id) =>
    ok<SeqRelease>(by.post(`/seq/${seqId}/releases`, { note }));
  const runnerSeq = () => ok<RunnerSeq>(as(m.operator).get(`/runner/seqs/${seq.id}`));
  const settings = (body: ReleaseSettings) =>
    ok<ReleaseSettings>(manager().put('/user/release_settings', body));
  /** Rows a refusal must leave as they were: the account's releases, settings and editor rows. */
  const rows = async () => ({
    releases: await t().dataSource.query('SELECT * FROM seq_release WHERE account_id = $1 ORDER BY id', [
      m.manager.accountId!,
    ]),
    account: await t().dataSource.query(
      'SELECT release_control, release_approval FROM account WHERE id = $1',
      [m.manager.accountId!],
    ),
    editor: await editorRows(t, m.manager.accountId!),
    audit: await t().dataSource.query('SELECT * FROM audit_event WHERE account_id = $1 ORDER BY id', [
      m.manager.accountId,
    ]),
  });
  /** The Insertion Loss step's upper limit set to `upper` (a limit change of the draft). */
  const setUpper = async (upper: number) => {
    const il = seq.steps[0]!;
    seq = await saveParam(editor(), il.id, { ...il.param, upper });
    return seq;
  };

  beforeAll(async () => {
    m = await createEditorMembers(t());
    secondManager = await createMember(t(), m.manager.accountId!, Role.Manager, 'Mona Manager');
    productId = (await addProduct(editor(), 'Filter')).id;
    seq = await completeTest(editor(), (await addSeq(editor(), productId, 'Pass band')).id);
  });

  it('refuses to release an incomplete draft, saying why, and changes nothing', async () => {
    const empty = await addSeq(editor(), productId, 'Empty');
    const draft = await addSeq(editor(), productId, 'Draft');
    await addStep(editor(), draft.id, ActionId.GainMax);
    const before = await rows();
    await expectRefusals([
      [
        () => editor().post(`/seq/${empty.id}/releases`, { note: 'First' }),
        400,
        RELEASE_MSG.notComplete('Empty', 'it has no steps'),
      ],
      [
        () => editor().post(`/seq/${draft.id}/releases`, { note: 'First' }),
        400,
        expect.stringMatching(
          /^Test Draft is not complete, so it cannot be released: step 1 \(Gain Max\): .+/,
        ),
      ],
    ]);
    expect(await rows()).toEqual(before);
    expect(await releasesOf(empty.id)).toEqual({
      seqId: empty.id,
      releases: [],
      runnableNo: null,
      draftDiffers: true,
    });
  });

  it('releases a complete draft with its note, and refuses the same draft again', async () => {
    const first = await release('  First release  ');
    expect(first).toEqual({
      seqId: seq.id,
      no: 1,
      kind: 'explicit',
      state: 'released',
      note: 'First release',
      rolledBackFrom: null,
      seqVersion: expect.any(Number),
      createdBy: 'Erin Editor',
      createdAt: expect.any(String),
      decidedBy: null,
      decidedAt: null,
      reason: null,
    });
    expect(await releasesOf()).toEqual({
      seqId: seq.id,
      releases: [first],
      runnableNo: 1,
      draftDiffers: false,
    });
    const before = await rows();
    await expectRefusals([
      [
        () => editor().post(`/seq/${seq.id}/releases`, { note: 'Again' }),
        400,
        RELEASE_MSG.nothingNew('Pass band', 1),
      ],
    ]);
    expect(await rows()).toEqual(before);
    // a change the runner does not run (its name) keeps the content: still nothing new
    await ok(editor().put(`/seq/name/${seq.id}`, { name: 'Pass band' }));
    expect((await releasesOf()).draftDiffers).toBe(false);
    await setUpper(1.7);
    expect((await releasesOf()).draftDiffers).toBe(true);
    expect(await release('Looser insertion loss')).toMatchObject({ no: 2, state: 'released' });
    expect(await releasesOf()).toMatchObject({ runnableNo: 2, draftDiffers: false });
  });

  it('refuses bad input, other roles and other accounts, changing nothing', async () => {
    const theirs = await addSeq(as(m.stranger), (await addProduct(as(m.stranger), 'Theirs')).id, 'T');
    const before = await rows();
    const note = 'note: ' + RELEASE_MSG.note;
    await expectRefusals([
      [() => editor().post(`/seq/${seq.id}/releases`, { note: '' }), 400, note],
      [() => editor().post(`/seq/${seq.id}/releases`, { note: '   ' }), 400, note],
      [
        () => editor().post(`/seq/${seq.id}/releases`, { note: 'x'.repeat(RELEASE_LIMITS.noteChars + 1) }),
        400,
        note,
      ],
      [() => editor().post(`/seq/${seq.id}/releases`, {}), 400, note],
      [() => editor().post(`/seq/${seq.id}/releases`, { note: 7 }), 400, note],
      [
        () => editor().post(`/seq/${seq.id}/releases`, { note: 'Fine', kind: 'migration' }),
        400,
        'kind: property kind should not exist',
      ],
      [() => editor().post('/seq/abc/releases', { note: 'Fine' }), 400, 'seqId: Invalid id'],
      [() => editor().post(`/seq/${seq.id}/releases/abc/rollback`, { note: 'Fine' }), 400, 'no: Invalid id'],
      [() => editor().post(`/seq/${theirs.id}/releases`, { note: 'Fine' }), 404, 'Test not found'],
      [() => as(m.stranger).get(`/seq/${seq.id}/releases`), 404, 'Test not found'],
      [() => as(m.stranger).get(`/seq/${seq.id}/diff`), 404, 'Test not found'],
      [
        () => as(m.stranger).post(`/seq/${seq.id}/releases/1/rollback`, { note: 'Fine' }),
        404,
        'Test not found',
      ],
      [() => as(m.stranger).post(`/seq/${seq.id}/releases/1/approve`), 404, 'Test not found'],
      [
        () => as(m.stranger).post(`/seq/${seq.id}/releases/1/reject`, { reason: 'No' }),
        404,
        'Test not found',
      ],
      [() => as(m.operator).post(`/seq/${seq.id}/releases`, { note: 'Fine' }), 403, expect.any(String)],
      [() => as(m.operator).get('/releases/waiting'), 403, expect.any(String)],
      [
        () => editor().put('/user/release_settings', { releaseControl: true, approval: false }),
        403,
        expect.any(String),
      ],
      [
        () => manager().put('/user/release_settings', { releaseControl: 'yes', approval: false }),
        400,
        expect.stringMatching(/^releaseControl/),
      ],
      [
        () => manager().put('/user/release_settings', { releaseControl: false, approval: true }),
        400,
        RELEASE_MSG.approvalNeedsControl,
      ],
      [() => editor().get(`/seq/${seq.id}/diff?from=abc`), 400, 'from: A release number'],
      [() => editor().get(`/seq/${seq.id}/diff?to=0`), 400, "to: A release number or 'draft'"],
      [() => editor().get(`/seq/${seq.id}/diff?from=99`), 404, RELEASE_MSG.notFound(99)],
      [
        () => editor().post(`/seq/${seq.id}/releases/99/rollback`, { note: 'Back' }),
        404,
        RELEASE_MSG.notFound(99),
      ],
    ]);
    expect(await rows()).toEqual(before);
  });

  it('compares the draft with the newest release: a step added, removed, moved, a limit changed', async () => {
    const [il, gain, diff, rejection] = seq.steps as [Step, Step, Step, Step];
    const oldUpper = (il.param as { upper: number }).upper;
    await setUpper(oldUpper + 1);
    const added = (await addStep(editor(), seq.id, ActionId.GainMax, { after: rejection.id })).steps[4]!;
    await ok(editor().delete('/step', { step_id_array: [rejection.id] }));
    seq = await ok<Seq>(
      editor().put(`/seq/step_order/${seq.id}`, { step_id_array: [gain.id, il.id, diff.id, added.id] }),
    );
    const answer = await ok<ReleaseDiff>(as(m.operator).get(`/seq/${seq.id}/diff`));
    expect(answer).toMatchObject({ seqId: seq.id, from: 2, to: 'draft', cals: [], same: false });
    // Gain Max moved before Insertion Loss Max (one move), whose limit changed; the Diff's default
    // name follows its steps' new numbers; the Rejection removed; a Gain Max added at the end
    expect(answer.steps.map((step) => [step.stepId, step.change, step.fromIndex, step.toIndex])).toEqual([
      [gain.id, 'moved', 1, 0],
      [il.id, 'changed', 0, 1],
      [diff.id, 'changed', 2, 2],
      [rejection.id, 'removed', 3, null],
      [added.id, 'added', null, 3],
    ]);
    expect(answer.steps[1]!.changes).toEqual([
      { key: 'upper', from: oldUpper, to: oldUpper + 1, isLimit: true },
    ]);
    expect(answer.steps[2]!.changes.map((change) => change.key)).toEqual(['name']);
    // two releases: 1 → 2 changed the limit only; a release against itself is the same
    const oneToTwo = await ok<ReleaseDiff>(editor().get(`/seq/${seq.id}/diff?from=1&to=2`));
    expect(oneToTwo.steps.map((step) => [step.stepId, step.change, step.changes.map((c) => c.key)])).toEqual([
      [il.id, 'changed', ['upper']],
    ]);
    expect(await ok<ReleaseDiff>(editor().get(`/seq/${seq.id}/diff?from=2&to=2`))).toMatchObject({
      steps: [],
      cals: [],
      same: true,
    });
    // a test never released compares with an empty test: every step added
    const fresh = await completeTest(editor(), (await addSeq(editor(), productId, 'Fresh')).id);
    const all = await ok<ReleaseDiff>(editor().get(`/seq/${fresh.id}/diff`));
    expect([all.from, all.steps.map((step) => step.change), all.cals.map((cal) => cal.change)]).toEqual([
      0,
      ['added', 'added', 'added', 'added'],
      ['added'],
    ]);
  });

  it('rolls back to an older release as the next number, leaving the draft as it is', async () => {
    const draft = await editorRows(t, m.manager.accountId!);
    const back = await ok<SeqRelease>(
      editor().post(`/seq/${seq.id}/releases/1/rollback`, { note: 'Back to 1' }),
    );
    expect(back).toMatchObject({
      no: 3,
      kind: 'rollback',
      state: 'released',
      rolledBackFrom: 1,
      note: 'Back to 1',
    });
    expect(await ok<ReleaseDiff>(editor().get(`/seq/${seq.id}/diff?from=1&to=3`))).toMatchObject({
      same: true,
    });
    expect(await editorRows(t, m.manager.accountId!)).toEqual(draft);
    expect((await releasesOf()).runnableNo).toBe(3);
  });

  it('under release control with approval, a release waits for a manager other than its author', async () => {
    expect(await settings({ releaseControl: true, approval: true })).toEqual({
      releaseControl: true,
      approval: true,
    });
    expect(await ok(as(m.manager).get('/user/release_settings'))).toEqual({
      releaseControl: true,
      approval: true,
    });
    // the draft the compare case left, made complete again: its order back, the added step filled in
    const [gain, il, diff, added] = seq.steps as [Step, Step, Step, Step];
    await ok(
      editor().put(`/seq/step_order/${seq.id}`, { step_id_array: [il.id, gain.id, diff.id, added.id] }),
    );
    seq = await saveParam(editor(), added.id, completeParam(ActionId.GainMax));
    expect(seq.isCompleted).toBe(true);
    const runsBefore = await runnerSeq();
    const waiting = await release('Tighter, needs a review', manager());
    expect(waiting).toMatchObject({ no: 4, state: 'waiting', createdBy: m.manager.name });
    expect(await ok<WaitingRelease[]>(as(secondManager).get('/releases/waiting'))).toEqual([
      { ...waiting, productId, productName: 'Filter', seqName: 'Pass band' },
    ]);
    // the runner keeps the last approved one meanwhile
    expect(await runnerSeq()).toMatchObject({ releaseNo: runsBefore.releaseNo, steps: runsBefore.steps });
    expect(await releasesOf()).toMatchObject({ runnableNo: 3, draftDiffers: false });
    const before = await rows();
    await expectRefusals([
      [() => manager().post(`/seq/${seq.id}/releases/4/approve`), 403, RELEASE_MSG.ownRelease],
      [() => editor().post(`/seq/${seq.id}/releases/4/approve`), 403, expect.any(String)],
      [() => manager().post(`/seq/${seq.id}/releases/3/approve`), 409, RELEASE_MSG.notWaiting(3)],
      [
        () => as(secondManager).post(`/seq/${seq.id}/releases/4/reject`, { reason: ' ' }),
        400,
        'reason: ' + RELEASE_MSG.reason,
      ],
      [
        () => editor().post(`/seq/${seq.id}/releases/4/rollback`, { note: 'Not released' }),
        400,
        RELEASE_MSG.rollbackToRelease(4),
      ],
    ]);
    expect(await rows()).toEqual(before);
    const approved = await ok<SeqRelease>(as(secondManager).post(`/seq/${seq.id}/releases/4/approve`));
    expect(approved).toMatchObject({
      no: 4,
      state: 'released',
      decidedBy: 'Mona Manager',
      decidedAt: expect.any(String),
    });
    expect(await runnerSeq()).toMatchObject({ releaseNo: 4 });
    expect(await ok(as(secondManager).get('/releases/waiting'))).toEqual([]);
    // an editor's release, rejected with a reason: the runner keeps release 4
    await setUpper(9);
    expect(await release('Much looser')).toMatchObject({ no: 5, state: 'waiting' });
    const rejected = await ok<SeqRelease>(
      manager().post(`/seq/${seq.id}/releases/5/reject`, { reason: 'Too loose for the customer' }),
    );
    expect(rejected).toMatchObject({
      state: 'rejected',
      reason: 'Too loose for the customer',
      decidedBy: m.manager.name,
    });
    expect(await runnerSeq()).toMatchObject({ releaseNo: 4 });
    expect(await releasesOf()).toMatchObject({ runnableNo: 4, draftDiffers: true });
    await expectRefusals([
      [() => as(secondManager).post(`/seq/${seq.id}/releases/5/approve`), 409, RELEASE_MSG.notWaiting(5)],
      [
        () => editor().post(`/seq/${seq.id}/releases/5/rollback`, { note: 'Rejected' }),
        400,
        RELEASE_MSG.rollbackToRelease(5),
      ],
    ]);
    // a rollback waits for approval too, and then the runner runs the old content
    const back = await ok<SeqRelease>(
      editor().post(`/seq/${seq.id}/releases/2/rollback`, { note: 'Back to 2' }),
    );
    expect(back).toMatchObject({ no: 6, state: 'waiting', rolledBackFrom: 2 });
    await ok(manager().post(`/seq/${seq.id}/releases/6/approve`));
    const two = await ok<ReleaseDiff>(editor().get(`/seq/${seq.id}/diff?from=2&to=6`));
    expect(two.same).toBe(true);
    const releaseTwo = (await releasesOf()).releases.find((r) => r.no === 2)!;
    expect(await runnerSeq()).toMatchObject({ releaseNo: 6, version: releaseTwo.seqVersion });
    await settings({ releaseControl: false, approval: false });
  });

  it('writes one audit row per release, rollback, decision and settings change, with who and what', async () => {
    const trail = (await t().dataSource.query(
      `SELECT user_name, thing, product_id, seq_id, action, changes FROM audit_event
        WHERE account_id = $1 AND thing IN ('release', 'account') ORDER BY id`,
      [m.manager.accountId],
    )) as {
      user_name: string;
      thing: string;
      product_id: number;
      seq_id: number;
      action: string;
      changes: { field: string; to: unknown }[];
    }[];
    const to = (row: (typeof trail)[number], field: string) => row.changes.find((c) => c.field === field)?.to;
    expect(trail.map((row) => [row.thing, row.action, to(row, 'no') ?? to(row, 'state') ?? null])).toEqual([
      ['release', 'release', 1],
      ['release', 'release', 2],
      ['release', 'rollback', 3],
      ['account', 'update', null],
      ['release', 'release', 4],
      ['release', 'approve', 'released'],
      ['release', 'release', 5],
      ['release', 'reject', 'rejected'],
      ['release', 'rollback', 6],
      ['release', 'approve', 'released'],
      ['account', 'update', null],
    ]);
    const releases = trail.filter((row) => row.thing === 'release');
    expect(new Set(releases.map((row) => [row.product_id, row.seq_id].join()))).toEqual(
      new Set([[productId, seq.id].join()]),
    );
    expect(trail[4]!.user_name).toBe(m.manager.name);
    expect(trail[5]!.user_name).toBe('Mona Manager');
    expect(trail[7]!.changes).toEqual([
      { field: 'state', from: 'waiting', to: 'rejected' },
      { field: 'reason', from: null, to: 'Too loose for the customer' },
    ]);
    expect(trail[3]!.changes).toEqual([
      { field: 'releaseControl', from: false, to: true },
      { field: 'approval', from: false, to: true },
    ]);
  });
  it("refuses, under approval, a release that the account's only manager makes, since nobody could approve it", async () => {
    await t().dataSource.query('UPDATE app_user SET deleted_at = now() WHERE id = $1', [
      secondManager.userId,
    ]);
    try {
      await settings({ releaseControl: true, approval: true });
      await setUpper(1.3);
      const before = await rows();
      await expectRefusals([
        [() => manager().post(`/seq/${seq.id}/releases`, { note: 'Mine' }), 400, RELEASE_MSG.noApprover],
        [
          () => manager().post(`/seq/${seq.id}/releases/1/rollback`, { note: 'Back' }),
          400,
          RELEASE_MSG.noApprover,
        ],
      ]);
      expect(await rows()).toEqual(before);
      // an editor's release waits for that manager
      expect(await release('Looser, for the manager to approve')).toMatchObject({ state: 'waiting' });
    } finally {
      await t().dataSource.query('UPDATE app_user SET deleted_at = NULL WHERE id = $1', [
        secondManager.userId,
      ]);
      await settings({ releaseControl: false, approval: false });
    }
  });
});
