import type { Product, Seq } from '@sweepline/domain';
import { ActionId } from '@sweepline/domain';
import type { Member } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import type { Refusal } from '../testing/editor-api';
import {
  addProduct,
  addSeq,
  addStep,
  createEditorMembers,
  editorApi,
  editorRows,
  expectRefusals,
  ok,
  seqVersion,
} from '../testing/editor-api';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describeEachDatabase('tests: add, rename, delete (docs/requirements/test-editor.md#calls)', (t) => {
  let editor: Member, operator: Member, stranger: Member;
  const api = () => editorApi(t, editor);

  beforeAll(async () => {
    ({ editor, operator, stranger } = await createEditorMembers(t()));
  });

  /** [name, stage, test] of the product's live tests, in list order. */
  async function numbers(productId: number): Promise<[string, number, number][]> {
    const products = await ok<Product[]>(api().get('/user/edit'));
    const product = products.find((p) => p.id === productId)!;
    return product.seqs.map((s) => [s.name, s.stageNo, s.testNo]);
  }

  it('adds a test and answers it, empty and incomplete', async () => {
    const product = await addProduct(api(), 'Numbering');
    const seq = await addSeq(api(), product.id, '  Insertion loss ');
    expect(seq).toEqual({
      id: expect.any(Number),
      name: 'Insertion loss',
      stageNo: 1,
      testNo: 1,
      isCompleted: false,
      steps: [],
      cals: [],
      createUserName: 'Erin Editor',
      createTime: expect.stringMatching(ISO),
      updateUserName: 'Erin Editor',
      updateTime: expect.stringMatching(ISO),
    });
  });

  it('numbers new tests after the current one, shifting the later tests of its stage', async () => {
    const product = await addProduct(api(), 'Shifting');
    const a = await addSeq(api(), product.id, 'A');
    const b = await addSeq(api(), product.id, 'B');
    expect([a.stageNo, a.testNo, b.stageNo, b.testNo]).toEqual([1, 1, 1, 2]);
    const bVersion = await seqVersion(t, b.id);
    const c = await addSeq(api(), product.id, 'C', a.id);
    expect([c.stageNo, c.testNo]).toEqual([1, 2]);
    expect(await numbers(product.id)).toEqual([
      ['A', 1, 1],
      ['C', 1, 2],
      ['B', 1, 3],
    ]);
    expect(await seqVersion(t, b.id)).toBe(bVersion + 1);
    const unknown = await addSeq(api(), product.id, 'D', 999_999);
    expect([unknown.stageNo, unknown.testNo]).toEqual([1, 4]);
  });

  it('shifts only as far as the next free number', async () => {
    const product = await addProduct(api(), 'Gaps');
    const one = await addSeq(api(), product.id, 'One');
    const two = await addSeq(api(), product.id, 'Two');
    const five = await addSeq(api(), product.id, 'Five');
    const seqArray = [
      { seq_id: one.id, stage_no: 1, test_no: 1 },
      { seq_id: two.id, stage_no: 1, test_no: 2 },
      { seq_id: five.id, stage_no: 1, test_no: 5 },
    ];
    await ok(api().put(`/product/process_control/${product.id}`, { seq_array: seqArray }));
    await addSeq(api(), product.id, 'New', one.id);
    expect(await numbers(product.id)).toEqual([
      ['One', 1, 1],
      ['New', 1, 2],
      ['Two', 1, 3],
      ['Five', 1, 5],
    ]);
  });

  it('numbers tests added at the same moment one after another', async () => {
    const product = await addProduct(api(), 'Concurrent');
    await Promise.all(['A', 'B', 'C', 'D', 'E', 'F'].map((name) => addSeq(api(), product.id, name)));
    const listed = await numbers(product.id);
    expect(listed.map(([, stage, test]) => `${stage}-${test}`)).toEqual([
      '1-1',
      '1-2',
      '1-3',
      '1-4',
      '1-5',
      '1-6',
    ]);
  });

  it('moves on to the next stage with room when the stage is full up to 99', async () => {
    const product = await addProduct(api(), 'Full stage');
    await t().dataSource.query(
      `INSERT INTO seq (account_id, product_id, name, stage_no, test_no, create_user_name, update_user_name)
       SELECT $1, $2, 'T' || n, 1, n, 'x', 'x' FROM generate_series(1, 99) AS n`,
      [editor.accountId, product.id],
    );
    const [fifth] = await t().dataSource.query(`SELECT id FROM seq WHERE product_id = $1 AND test_no = 5`, [
      product.id,
    ]);
    const seq = await addSeq(api(), product.id, 'Overflow', fifth.id);
    expect([seq.stageNo, seq.testNo]).toEqual([2, 1]);
  });

  it('refuses a second live test of the same name in the product, and allows it in another product', async () => {
    const product = await addProduct(api(), 'Names');
    await addSeq(api(), product.id, 'Gain');
    const before = await editorRows(t, editor.accountId!);
    const res = await api().post('/seq', { product_id: product.id, name: 'GAIN', current_seq_id: -1 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 0, msg: 'A test named GAIN already exists', data: null });
    expect(await editorRows(t, editor.accountId!)).toEqual(before);
    const other = await addProduct(api(), 'Names 2');
    await addSeq(api(), other.id, 'Gain');
  });

  it('soft-deletes a test and restores it with its steps when its name is added again', async () => {
    const product = await addProduct(api(), 'Restore');
    const keep = await addSeq(api(), product.id, 'Keep');
    const seq = await addSeq(api(), product.id, 'Phase');
    await addStep(api(), seq.id, ActionId.Delay);
    const productBefore = (await ok<Product[]>(api().get('/user/edit'))).find((p) => p.id === product.id)!;
    expect(await ok(api().delete(`/seq/${seq.id}`))).toBeNull();
    expect(await numbers(product.id)).toEqual([['Keep', 1, 1]]);
    expect((await api().delete(`/seq/${seq.id}`)).status).toBe(404);
    const [row] = await t().dataSource.query('SELECT update_time FROM product WHERE id = $1', [product.id]);
    expect(row.update_time.toISOString() >= productBefore.updateTime).toBe(true);

    const restored = await addSeq(api(), product.id, 'PHASE', keep.id);
    expect(restored).toMatchObject({ id: seq.id, name: 'PHASE', stageNo: 1, testNo: 2, isCompleted: true });
    expect(restored.steps).toEqual([expect.objectContaining({ name: 'Delay 0 s' })]);
  });

  it('renames a test and answers it with its steps', async () => {
    const product = await addProduct(api(), 'Renaming');
    const seq = await addSeq(api(), product.id, 'Old');
    await addStep(api(), seq.id, ActionId.Delay);
    const version = await seqVersion(t, seq.id);
    const renamed = await ok<Seq>(api().put(`/seq/name/${seq.id}`, { name: ' New name ' }));
    expect(renamed).toMatchObject({
      id: seq.id,
      name: 'New name',
      isCompleted: true,
      updateUserName: 'Erin Editor',
    });
    expect(renamed.steps).toHaveLength(1);
    expect(await seqVersion(t, seq.id)).toBe(version + 1);
    await ok(api().put(`/seq/name/${seq.id}`, { name: 'NEW NAME' }));
  });

  it('refuses a rename onto another test of the product, live or deleted, and bad names', async () => {
    const product = await addProduct(api(), 'Rename refusals');
    const a = await addSeq(api(), product.id, 'A');
    await addSeq(api(), product.id, 'B');
    const gone = await addSeq(api(), product.id, 'Gone');
    await ok(api().delete(`/seq/${gone.id}`));
    const before = await editorRows(t, editor.accountId!);
    const cases: [unknown, number, string][] = [
      [{ name: 'b' }, 409, 'A test named b already exists'],
      [{ name: 'gone' }, 409, 'A deleted test is named gone: add a test with that name to restore it'],
      [{ name: '' }, 400, 'name: Empty input'],
      [{ name: 'a<b' }, 400, 'name: Invalid character'],
      [{ name: 'n'.repeat(101) }, 400, 'name: No more than 100 characters'],
      [{ name: 1 }, 400, 'name must be a string'],
      [{ name: 'ok', extra: 1 }, 400, 'extra: property extra should not exist'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await api().put(`/seq/name/${a.id}`, body as object);
      expect([res.status, res.body.msg]).toEqual([status, msg]);
    }
    expect(await editorRows(t, editor.accountId!)).toEqual(before);
  });

  it('refuses bad bodies, other roles and other accounts, changing nothing', async () => {
    const product = await addProduct(api(), 'Refusals');
    const seq = await addSeq(api(), product.id, 'Mine');
    const theirProduct = await addProduct(editorApi(t, stranger), 'Theirs');
    const theirSeq = await addSeq(editorApi(t, stranger), theirProduct.id, 'Their test');
    const before = await editorRows(t, editor.accountId!);
    const theirsBefore = await editorRows(t, stranger.accountId!);
    const cases: Refusal[] = [
      [() => api().post('/seq', { product_id: '1', name: 'X' }), 400, 'product_id must be an integer number'],
      [
        () => api().post('/seq', { product_id: product.id, name: 'X', current_seq_id: -2 }),
        400,
        'current_seq_id must not be less than -1',
      ],
      [() => api().post('/seq', { product_id: product.id }), 400, 'name must be a string'],
      [
        () => api().post('/seq', { product_id: product.id, name: 'X', stage_no: 1 }),
        400,
        'stage_no: property stage_no should not exist',
      ],
      [() => api().post('/seq', { product_id: product.id, name: '*' }), 400, 'name: Invalid character'],
      [() => api().post('/seq', { product_id: theirProduct.id, name: 'X' }), 404, 'Product not found'],
      [() => api().put(`/seq/name/${theirSeq.id}`, { name: 'X' }), 404, 'Test not found'],
      [() => api().delete(`/seq/${theirSeq.id}`), 404, 'Test not found'],
      [() => api().delete('/seq/0'), 400, 'id: Invalid id'],
      [
        () => editorApi(t, operator).post('/seq', { product_id: product.id, name: 'X' }),
        403,
        'Your role may not do this: it needs an editor or the manager',
      ],
      [
        () => editorApi(t, operator).delete(`/seq/${seq.id}`),
        403,
        'Your role may not do this: it needs an editor or the manager',
      ],
      [() => editorApi(t).put(`/seq/name/${seq.id}`, { name: 'X' }), 401, 'Please log in'],
    ];
    await expectRefusals(cases);
    const malformed = await api().post('/seq', '{').set('content-type', 'application/json');
    expect(malformed.status).toBe(400);
    expect(await editorRows(t, editor.accountId!)).toEqual(before);
    expect(await editorRows(t, stranger.accountId!)).toEqual(theirsBefore);
  });

  it('answers 404 for the tests of a deleted product', async () => {
    const product = await addProduct(api(), 'Deleted product');
    const seq = await addSeq(api(), product.id, 'Hidden');
    await ok(api().delete(`/product/${product.id}`));
    expect((await api().put(`/seq/name/${seq.id}`, { name: 'X' })).status).toBe(404);
    expect((await api().post('/seq', { product_id: product.id, name: 'X' })).status).toBe(404);
  });
});
