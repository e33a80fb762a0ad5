import type { Product } from '@sweepline/domain';
import type { Member } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import type { Refusal } from '../testing/editor-api';
import {
  addProduct,
  addSeq,
  createEditorMembers,
  editorApi,
  editorRows,
  expectRefusals,
  ok,
  seqVersion,
} from '../testing/editor-api';

describeEachDatabase(
  'process control (docs/requirements/test-editor.md#test-tools, docs/requirements/test-editor.md#process-control-dialog)',
  (t) => {
    let editor: Member, operator: Member, stranger: Member;
    let product: Product;
    let ids: number[];
    const api = () => editorApi(t, editor);
    const row = (seqId: number, stageNo: unknown, testNo: unknown) => ({
      seq_id: seqId,
      stage_no: stageNo,
      test_no: testNo,
    });
    const apply = (seqArray: unknown[], productId = product.id) =>
      api().put(`/product/process_control/${productId}`, { seq_array: seqArray });

    beforeAll(async () => {
      ({ editor, operator, stranger } = await createEditorMembers(t()));
      product = await addProduct(api(), 'Stages');
      ids = [];
      for (const name of ['A', 'B', 'C']) ids.push((await addSeq(api(), product.id, name)).id);
    });

    it('applies every number at once and answers the product with its tests in order', async () => {
      const [a, b, c] = ids as [number, number, number];
      const versions = await Promise.all(ids.map((id) => seqVersion(t, id)));
      // A and B swap places: only possible when all numbers change together
      const answer = await ok<Product>(apply([row(a, 1, 2), row(b, 1, 1)]));
      expect(answer.id).toBe(product.id);
      expect(answer.updateUserName).toBe('Erin Editor');
      expect(answer.seqs.map((s) => [s.name, s.stageNo, s.testNo])).toEqual([
        ['B', 1, 1],
        ['A', 1, 2],
        ['C', 1, 3],
      ]);
      expect(await Promise.all(ids.map((id) => seqVersion(t, id)))).toEqual([
        versions[0]! + 1,
        versions[1]! + 1,
        versions[2],
      ]);
      const staged = await ok<Product>(apply([row(a, 1, 1), row(b, 2, 1), row(c, 10, 99)]));
      expect(staged.seqs.map((s) => `${s.name} ${s.stageNo}-${s.testNo}`)).toEqual([
        'A 1-1',
        'B 2-1',
        'C 10-99',
      ]);
    });

    it('accepts an empty list and changes no numbers', async () => {
      const answer = await ok<Product>(apply([]));
      expect(answer.seqs.map((s) => `${s.name} ${s.stageNo}-${s.testNo}`)).toEqual([
        'A 1-1',
        'B 2-1',
        'C 10-99',
      ]);
    });

    it('refuses what validateProcessControl refuses, and bad rows, changing nothing', async () => {
      const [a, b, c] = ids as [number, number, number];
      const other = await addProduct(api(), 'Other');
      const otherSeq = await addSeq(api(), other.id, 'Elsewhere');
      const deleted = await addSeq(api(), product.id, 'Deleted');
      await ok(api().delete(`/seq/${deleted.id}`));
      const theirs = await addProduct(editorApi(t, stranger), 'Theirs');
      const theirSeq = await addSeq(editorApi(t, stranger), theirs.id, 'Their test');
      const before = await editorRows(t, editor.accountId!);
      const cases: Refusal[] = [
        [() => apply([row(a, 0, 1)]), 400, 'seq_array[0]: Stage and test numbers are integers 1-99'],
        [() => apply([row(a, 1, 100)]), 400, 'seq_array[0]: Stage and test numbers are integers 1-99'],
        [() => apply([row(a, 1.5, 1)]), 400, 'seq_array[0]: Stage and test numbers are integers 1-99'],
        [
          () => apply([row(a, 3, 3), row(b, 3, 3)]),
          400,
          'seq_array[0]: Stage-test 3-3 is used more than once',
        ],
        // C keeps 10-99, which A may not take
        [() => apply([row(a, 10, 99)]), 400, 'seq_array[0]: Stage-test 10-99 is used more than once'],
        [() => apply([row(a, 4, 1), row(a, 4, 2)]), 400, `Test ${a} is listed more than once`],
        [() => apply([row(otherSeq.id, 4, 1)]), 400, `Test ${otherSeq.id} is not a test of this product`],
        [() => apply([row(deleted.id, 4, 1)]), 404, 'Test not found'],
        [() => apply([row(theirSeq.id, 4, 1)]), 404, 'Test not found'],
        [() => apply([row(c, 4, 1)], theirs.id), 404, 'Product not found'],
        [
          () => apply([row(a, '1', 1)]),
          400,
          'seq_array.0.stage_no: stage_no must be a number conforming to the specified constraints',
        ],
        [
          () => apply([{ ...row(a, 1, 1), extra: true }]),
          400,
          'seq_array.0.extra: property extra should not exist',
        ],
        [() => apply([row(-1, 1, 1)]), 400, 'seq_array.0.seq_id: seq_id must not be less than 1'],
        [() => apply(5 as unknown as unknown[]), 400, 'seq_array must be an array'],
        [() => api().put(`/product/process_control/${product.id}`, {}), 400, 'seq_array must be an array'],
      ];
      await expectRefusals(cases);
      expect(await editorRows(t, editor.accountId!)).toEqual(before);
    });

    it('is for editors, with a session', async () => {
      const before = await editorRows(t, editor.accountId!);
      const body = { seq_array: [row(ids[0]!, 5, 5)] };
      expect((await editorApi(t, operator).put(`/product/process_control/${product.id}`, body)).status).toBe(
        403,
      );
      expect((await editorApi(t).put(`/product/process_control/${product.id}`, body)).status).toBe(401);
      expect(await editorRows(t, editor.accountId!)).toEqual(before);
    });
  },
);
