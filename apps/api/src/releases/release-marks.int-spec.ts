import type { ReleaseMark, Seq, SeqReleases } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import type { EditorApi, EditorMembers } from '../editor/testing/editor-api';
import {
  addProduct,
  addSeq,
  completeTest,
  createEditorMembers,
  editorApi,
  expectRefusals,
  ok,
  saveParam,
} from '../editor/testing/editor-api';

describeEachDatabase('the release marks of a product, in one call (docs/releases.md)', (t) => {
  let m: EditorMembers;
  const as = (member: Member): EditorApi => editorApi(t, member);
  const editor = () => as(m.editor);
  const marksOf = (productId: number, by = as(m.operator)) =>
    ok<ReleaseMark[]>(by.get(`/product/${productId}/release_marks`));
  const release = (seq: Seq, note: string) => ok(editor().post(`/seq/${seq.id}/releases`, { note }));
  /** The test's Insertion Loss upper limit set to `upper`: a change of its draft's content. */
  const setUpper = (seq: Seq, upper: number) => {
    const il = seq.steps[0]!;
    return saveParam(editor(), il.id, { ...il.param, upper });
  };
  const newTest = async (productId: number, name: string) =>
    completeTest(editor(), (await addSeq(editor(), productId, name)).id);

  beforeAll(async () => {
    m = await createEditorMembers(t());
  });

  it('marks each test against its newest release that is not rejected, as its releases say', async () => {
    const productId = (await addProduct(editor(), 'Marks')).id;
    const never = await newTest(productId, 'Never released');
    const same = await newTest(productId, 'Released as it is');
    await release(same, 'First');
    let edited = await newTest(productId, 'Edited since');
    await release(edited, 'First');
    edited = await setUpper(edited, 5);
    // release 2 rejected, then the draft put back to release 1's content: equal by content only,
    // since every save raised its version
    let rejected = await newTest(productId, 'Newest rejected');
    await release(rejected, 'First');
    const upper = (rejected.steps[0]!.param as { upper: number }).upper;
    await ok(as(m.manager).put('/user/release_settings', { releaseControl: true, approval: true }));
    rejected = await setUpper(rejected, upper + 1);
    await release(rejected, 'Looser');
    await ok(as(m.manager).post(`/seq/${rejected.id}/releases/2/reject`, { reason: 'Too loose' }));
    rejected = await setUpper(rejected, upper);

    const marks = await marksOf(productId);
    expect([...marks].sort((a, b) => a.seqId - b.seqId)).toEqual([
      { seqId: never.id, runnableNo: null, newestNo: null, draftDiffers: true },
      { seqId: same.id, runnableNo: 1, newestNo: 1, draftDiffers: false },
      { seqId: edited.id, runnableNo: 1, newestNo: 1, draftDiffers: true },
      { seqId: rejected.id, runnableNo: 1, newestNo: 1, draftDiffers: false },
    ]);
    // the same as each test's own releases say
    for (const mark of marks) {
      const own = await ok<SeqReleases>(as(m.operator).get(`/seq/${mark.seqId}/releases`));
      expect(own).toMatchObject({ runnableNo: mark.runnableNo, draftDiffers: mark.draftDiffers });
    }
    // an edit away from release 1 again is marked
    await setUpper(rejected, upper + 2);
    expect((await marksOf(productId, editor())).find((mark) => mark.seqId === rejected.id)).toEqual({
      seqId: rejected.id,
      runnableNo: 1,
      newestNo: 1,
      draftDiffers: true,
    });
  });

  it('answers no marks for a product without tests, and refuses a bad id and other accounts', async () => {
    const empty = (await addProduct(editor(), 'Empty')).id;
    expect(await marksOf(empty)).toEqual([]);
    const theirs = (await addProduct(as(m.stranger), 'Theirs')).id;
    await expectRefusals([
      [() => as(m.operator).get('/product/abc/release_marks'), 400, 'productId: Invalid id'],
      [() => as(m.operator).get(`/product/${theirs}/release_marks`), 404, 'Product not found'],
      [() => as(m.stranger).get(`/product/${empty}/release_marks`), 404, 'Product not found'],
    ]);
  });
});
