import type {
  RunnerProduct,
  RunnerSeq,
  RunnerSnState,
  RunUploadAnswer,
  SeqReleases,
  Step,
} from '@sweepline/domain';
import { ActionId, RELEASE_MSG, RUNNER_MSG } from '@sweepline/domain';
import { describeEachDatabase } from '../../test/test-app';
import type { EditorMembers } from '../editor/testing/editor-api';
import {
  addStep,
  createEditorMembers,
  editorApi,
  expectRefusals,
  ok,
  saveParam,
} from '../editor/testing/editor-api';
import { AUTOMATIC_NOTE } from '../releases/releases.service';
import type { Line, LineTest } from './testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf, runRows } from './testing/runner-fixtures';

describeEachDatabase('the runner runs releases (docs/releases.md, "The runner")', (t) => {
  let m: EditorMembers;
  let line: Line;
  /** Two complete tests at stage 1: T1 is run, T2 is never released. */
  let t1: LineTest;
  let t2: LineTest;
  const editor = () => editorApi(t, m.editor);
  const operator = () => editorApi(t, m.operator);
  const fetched = (test = t1) => ok<RunnerSeq>(operator().get(`/runner/seqs/${test.id}`));
  const listed = async () =>
    (await ok<RunnerProduct[]>(operator().get('/runner/products'))).find((p) => p.id === line.product.id)
      ?.seqs ?? [];
  const releasesOf = (test = t1) => ok<SeqReleases>(operator().get(`/seq/${test.id}/releases`));
  const upload = (run: object) => ok<RunUploadAnswer>(operator().post('/runner/runs', run));
  const releaseOfRun = async (runId: number) => {
    const [row] = (await t().dataSource.query('SELECT release_no FROM run WHERE id = $1', [runId])) as {
      release_no: number | null;
    }[];
    return row!.release_no;
  };
  /** The draft of T1 with its first step's upper limit set to `upper`: what the runner must (not) get. */
  const setUpper = async (upper: number): Promise<Step[]> => {
    const il = (await fetched()).steps[0]!;
    return (await saveParam(editor(), il.id, { ...il.param, upper })).steps;
  };
  const uppers = (steps: Step[]) => steps.map((step) => (step.param as { upper?: number }).upper);

  beforeAll(async () => {
    m = await createEditorMembers(t());
    line = await productWithTests(editor(), 'Filter', [1, 1]);
    [t1, t2] = line.tests as [LineTest, LineTest];
    await addSerialNumbers(operator(), line.product.id, ['U-1', 'U-2', 'U-3', 'U-4']);
  });

  it('without release control runs the complete draft, released automatically when first fetched', async () => {
    expect((await listed()).map((seq) => [seq.id, seq.releaseNo])).toEqual([
      [t1.id, null],
      [t2.id, null],
    ]);
    const first = await fetched();
    expect(first).toMatchObject({ id: t1.id, name: t1.name, version: t1.version, releaseNo: 1 });
    expect((await releasesOf()).releases).toEqual([
      expect.objectContaining({ no: 1, kind: 'automatic', state: 'released', note: AUTOMATIC_NOTE }),
    ]);
    // a second fetch of the same draft makes none
    expect(await fetched()).toEqual(first);
    expect((await releasesOf()).releases).toHaveLength(1);
    expect((await listed())[0]).toMatchObject({ id: t1.id, releaseNo: 1 });
    // an edit, then a fetch, makes the next; until the fetch no release holds the draft
    const draft = await setUpper(2.2);
    expect((await listed())[0]).toMatchObject({ id: t1.id, releaseNo: null });
    const second = await fetched();
    expect([second.releaseNo, uppers(second.steps)]).toEqual([2, uppers(draft)]);
    expect(second.version).toBeGreaterThan(first.version);
    expect((await releasesOf()).releases.map((r) => [r.no, r.kind])).toEqual([
      [2, 'automatic'],
      [1, 'automatic'],
    ]);
  });

  it('stores the release an upload names, an older one too; without one, the release of its version', async () => {
    const now = await fetched();
    const named = await upload(runOf(now, 'U-1', { release_no: now.releaseNo! }));
    expect(await releaseOfRun(named.run_id)).toBe(2);
    // an older runner names no release: the run ran the draft of its version, which release 2 holds
    const unnamed = await upload(runOf(now, 'U-2'));
    expect(await releaseOfRun(unnamed.run_id)).toBe(2);
    // a run of release 1 uploaded late from the offline queue, the draft changed since
    const late = await upload(runOf({ id: t1.id, version: t1.version }, 'U-3', { release_no: 1 }));
    expect(await releaseOfRun(late.run_id)).toBe(1);
    const before = await runRows(t, m.manager.accountId!);
    await expectRefusals([
      [
        () => operator().post('/runner/runs', runOf(now, 'U-4', { release_no: 7 })),
        409,
        RELEASE_MSG.notRunnable(t1.name, 7),
      ],
      [
        () => operator().post('/runner/runs', runOf({ id: t1.id, version: t1.version }, 'U-4')),
        409,
        RUNNER_MSG.testChanged,
      ],
      [
        () => operator().post('/runner/runs', runOf(now, 'U-4', { release_no: 0 })),
        400,
        expect.stringMatching(/^release_no: /),
      ],
      [
        () => editorApi(t, m.stranger).post('/runner/runs', runOf(now, 'U-4', { release_no: 1 })),
        404,
        'Test not found',
      ],
    ]);
    expect(await runRows(t, m.manager.accountId!)).toEqual(before);
  });

  it('under release control runs the newest release, not the draft; a test never released is refused', async () => {
    await ok(
      editorApi(t, m.manager).put('/user/release_settings', { releaseControl: true, approval: false }),
    );
    const released = await fetched();
    expect(released.releaseNo).toBe(2);
    // an edit after the release changes nothing the runner gets, an incomplete draft included
    await setUpper(5);
    const { steps } = await addStep(editor(), t1.id, ActionId.GainMax);
    expect(steps.filter((step) => !step.isCompleted)).toHaveLength(1);
    expect(await fetched()).toEqual(released);
    expect(await listed()).toEqual([
      { id: t1.id, name: t1.name, stageNo: 1, testNo: 1, version: released.version, releaseNo: 2 },
    ]);
    const unit = await ok<RunnerSnState>(operator().get('/runner/sn?sn=U-4'));
    expect(unit.pending.map((p) => [p.id, p.isCompleted, p.releaseNo, p.version])).toEqual([
      [t1.id, true, 2, released.version],
      [t2.id, false, null, t2.version],
    ]);
    const refused = await operator().get(`/runner/seqs/${t2.id}`);
    expect([refused.status, refused.body.msg]).toEqual([409, RELEASE_MSG.notReleasedYet(t2.name)]);
    // its run names release 2 and is stored though the draft changed and is incomplete
    const run = await upload(runOf(released, 'U-4', { release_no: 2 }));
    expect(await releaseOfRun(run.run_id)).toBe(2);
  });

  it('with approval keeps the last approved release until another manager approves; rollback runs old content', async () => {
    await ok(editorApi(t, m.manager).put('/user/release_settings', { releaseControl: true, approval: true }));
    const before = await fetched();
    // the incomplete step added above removed: the draft is complete again, upper limit 5
    const [incomplete] = (await t().dataSource.query(
      'SELECT id FROM step WHERE seq_id = $1 AND NOT is_completed',
      [t1.id],
    )) as { id: number }[];
    const draft = await ok<{ steps: Step[] }>(editor().delete('/step', { step_id_array: [incomplete!.id] }));
    await ok(editor().post(`/seq/${t1.id}/releases`, { note: 'Upper limit 5 dB' }));
    expect(await fetched()).toEqual(before);
    const waitingRun = operator().post('/runner/runs', runOf(before, 'U-4', { release_no: 3 }));
    expect([(await waitingRun).status, (await waitingRun).body.msg]).toEqual([
      409,
      RELEASE_MSG.notRunnable(t1.name, 3),
    ]);
    await ok(editorApi(t, m.manager).post(`/seq/${t1.id}/releases/3/approve`));
    const approved = await fetched();
    expect([approved.releaseNo, uppers(approved.steps)]).toEqual([3, uppers(draft.steps)]);
    // back to release 1, approved: the runner runs release 1's content as release 4
    await ok(editor().post(`/seq/${t1.id}/releases/1/rollback`, { note: 'Back to the first limits' }));
    await ok(editorApi(t, m.manager).post(`/seq/${t1.id}/releases/4/approve`));
    const back = await fetched();
    expect([back.releaseNo, back.version, back.steps]).toEqual([4, t1.version, (await firstRelease()).steps]);
  });

  /** Release 1's content as stored. */
  async function firstRelease(): Promise<{ steps: Step[] }> {
    const [row] = (await t().dataSource.query(
      `SELECT content FROM seq_release WHERE seq_id = $1 AND no = 1`,
      [t1.id],
    )) as { content: { steps: Step[] } }[];
    return row!.content;
  }
});
