import type { Product, Seq } from '@sweepline/domain';
import { ActionId } from '@sweepline/domain';
import { CAL } from '@sweepline/domain/src/testing/step-fixtures';
import type { Member } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import type { Refusal } from '../testing/editor-api';
import {
  addProduct,
  addSeq,
  completeTest,
  createEditorMembers,
  editorApi,
  editorRows,
  expectRefusals,
  ok,
} from '../testing/editor-api';

describeEachDatabase('test copy and paste (docs/requirements/test-editor.md#copy-and-paste)', (t) => {
  let editor: Member, operator: Member, stranger: Member;
  let product: Product;
  let source: Seq;
  const api = () => editorApi(t, editor);
  const copy = (body: object) =>
    api().post('/seq/copy', {
      from_seq_id: source.id,
      to_product_id: product.id,
      current_seq_id: -1,
      ...body,
    });

  beforeAll(async () => {
    ({ editor, operator, stranger } = await createEditorMembers(t()));
    product = await addProduct(api(), 'Copies');
    source = await completeTest(api(), (await addSeq(api(), product.id, 'Filter test')).id);
  });

  it('starts from a complete test', () => {
    expect(source.isCompleted).toBe(true);
    expect(source.steps.map((s) => s.name)).toEqual([
      'Insertion Loss Max - S12 (200 - 800 MHz)',
      'Gain Max - S12 (200 - 800 MHz)',
      'Diff - Step 1 - Step 2',
      'Rejection - S12 (200 - 800 MHz)',
    ]);
  });

  it('copies steps under new ids, references moved to the copies, and the calibrations', async () => {
    const copied = await ok<Seq>(copy({}));
    expect(copied).toMatchObject({
      name: 'Filter test - copy',
      stageNo: 1,
      testNo: 2,
      isCompleted: true,
      cals: [CAL],
    });
    expect(copied.createUserName).toBe('Erin Editor');
    const oldIds = source.steps.map((s) => s.id);
    const newIds = copied.steps.map((s) => s.id);
    expect(newIds.some((id) => oldIds.includes(id))).toBe(false);
    expect(copied.steps.map((s) => s.name)).toEqual(source.steps.map((s) => s.name));
    expect(copied.steps[2]!.param).toMatchObject({ stepId1: newIds[0], stepId2: newIds[1] });
    expect(copied.steps[3]!.param).toMatchObject({ bindStepId: newIds[0] });
    const [row] = await t().dataSource.query('SELECT count(*)::int AS n FROM step WHERE seq_id = $1', [
      source.id,
    ]);
    expect(row.n).toBe(4);
  });

  it("names copies '{name} - copy - N' once the plain copy name is taken", async () => {
    expect((await ok<Seq>(copy({}))).name).toBe('Filter test - copy - 1');
    expect((await ok<Seq>(copy({ new_seq_name: '' }))).name).toBe('Filter test - copy - 2');
    expect((await ok<Seq>(copy({ new_seq_name: null }))).name).toBe('Filter test - copy - 3');
  });

  it('uses the name asked for when no test of the product holds it, live or deleted', async () => {
    expect((await ok<Seq>(copy({ new_seq_name: ' Second filter ' }))).name).toBe('Second filter');
    expect((await ok<Seq>(copy({ new_seq_name: 'SECOND FILTER' }))).name).toBe('Filter test - copy - 4');
    const gone = await addSeq(api(), product.id, 'Gone');
    await ok(api().delete(`/seq/${gone.id}`));
    expect((await ok<Seq>(copy({ new_seq_name: 'gone' }))).name).toBe('Filter test - copy - 5');
  });

  it('places the copy after the current test, shifting the later ones', async () => {
    const target = await addProduct(api(), 'Target');
    const a = await addSeq(api(), target.id, 'A');
    const b = await addSeq(api(), target.id, 'B');
    const copied = await ok<Seq>(copy({ to_product_id: target.id, current_seq_id: a.id }));
    expect([copied.name, copied.stageNo, copied.testNo]).toEqual(['Filter test - copy', 1, 2]);
    const list = await ok<Product[]>(api().get('/user/edit'));
    const seqs = list.find((p) => p.id === target.id)!.seqs;
    expect(seqs.map((s) => [s.id, s.testNo])).toEqual([
      [a.id, 1],
      [copied.id, 2],
      [b.id, 3],
    ]);
  });

  it("refuses another account's tests and products, bad names and bad bodies, changing nothing", async () => {
    const theirs = await addProduct(editorApi(t, stranger), 'Theirs');
    const theirSeq = await addSeq(editorApi(t, stranger), theirs.id, 'Their test');
    const deleted = await addSeq(api(), product.id, 'Deleted source');
    await ok(api().delete(`/seq/${deleted.id}`));
    const before = await editorRows(t, editor.accountId!);
    const theirsBefore = await editorRows(t, stranger.accountId!);
    const cases: Refusal[] = [
      [() => copy({ from_seq_id: theirSeq.id }), 404, 'Test not found'],
      [() => copy({ from_seq_id: deleted.id }), 404, 'Test not found'],
      [() => copy({ to_product_id: theirs.id }), 404, 'Product not found'],
      [() => copy({ new_seq_name: 'a|b' }), 400, 'name: Invalid character'],
      [() => copy({ new_seq_name: 3 }), 400, 'new_seq_name must be a string'],
      [() => copy({ from_seq_id: 'x' }), 400, 'from_seq_id must be an integer number'],
      [() => copy({ steps: [] }), 400, 'steps: property steps should not exist'],
      [
        () => editorApi(t, operator).post('/seq/copy', { from_seq_id: source.id, to_product_id: product.id }),
        403,
        'Your role may not do this: it needs an editor or the manager',
      ],
      [
        () => editorApi(t).post('/seq/copy', { from_seq_id: source.id, to_product_id: product.id }),
        401,
        'Please log in',
      ],
    ];
    await expectRefusals(cases);
    expect(await editorRows(t, editor.accountId!)).toEqual(before);
    expect(await editorRows(t, stranger.accountId!)).toEqual(theirsBefore);
  });

  it('copies a test of another product of the account', async () => {
    const other = await addProduct(api(), 'Other product');
    const copied = await ok<Seq>(
      api().post('/seq/copy', {
        from_seq_id: source.id,
        to_product_id: other.id,
        current_seq_id: -1,
        new_seq_name: '',
      }),
    );
    expect([copied.name, copied.stageNo, copied.testNo, copied.steps.length]).toEqual([
      'Filter test - copy',
      1,
      1,
      4,
    ]);
    expect(copied.steps[2]!.actionId).toBe(ActionId.Diff);
  });
});
