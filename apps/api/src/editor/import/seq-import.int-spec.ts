import type { ImportTestAnswer, Product, Seq } from '@sweepline/domain';
import { exportProduct } from '@sweepline/domain';
import type { Member } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
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

describeEachDatabase('PUT /seq/import: a test created or updated by name (issue 15)', (t) => {
  let editor: Member, operator: Member, stranger: Member;
  let source: Product;
  const as = (member: Member) => editorApi(t, member);
  const products = (member: Member) => ok<Product[]>(as(member).get('/user/edit'));

  beforeAll(async () => {
    ({ editor, operator, stranger } = await createEditorMembers(t()));
    const product = await addProduct(as(editor), 'Filters', 'BPF-1', 'band pass');
    await completeTest(as(editor), (await addSeq(as(editor), product.id, 'Pass band')).id);
    source = (await products(editor)).find((p) => p.id === product.id)!;
  });

  it('reproduces a test in another account: product, numbers, calibrations, steps and references', async () => {
    const exported = exportProduct(source);
    const test = exported.tests[0]!;
    const answer = await ok<ImportTestAnswer>(
      as(stranger).put('/seq/import', {
        product: { name: 'Filters', model: 'BPF-1', info: 'band pass' },
        test,
      }),
    );
    expect(answer).toMatchObject({ action: 'created', isCompleted: true });
    const [copy] = await products(stranger);
    expect(exportProduct(copy!)).toEqual(exported);
    const steps = copy!.seqs[0]!.steps;
    expect(steps[2]!.param).toMatchObject({ stepId1: steps[0]!.id, stepId2: steps[1]!.id });
    expect(steps[3]!.param).toMatchObject({ bindStepId: steps[0]!.id });
  });

  it('updates the test of that name in place (same id), and the product model and info', async () => {
    const exported = exportProduct(source);
    const test = {
      ...exported.tests[0]!,
      name: 'PASS BAND',
      testNo: 5,
      steps: exported.tests[0]!.steps.slice(0, 2),
    };
    const answer = await ok<ImportTestAnswer>(
      as(editor).put('/seq/import', { product: { name: 'filters', model: 'BPF-2', info: '' }, test }),
    );
    expect(answer).toMatchObject({ productId: source.id, seqId: source.seqs[0]!.id, action: 'updated' });
    const [product] = (await products(editor)).filter((p) => p.id === source.id);
    expect(product).toMatchObject({ model: 'BPF-2', info: '' });
    const seq: Seq = product!.seqs[0]!;
    expect(seq).toMatchObject({ name: 'PASS BAND', stageNo: 1, testNo: 5 });
    expect(seq.steps.map((s) => s.name)).toEqual(source.seqs[0]!.steps.slice(0, 2).map((s) => s.name));
  });

  it('refuses a broken test whole, naming the field, and changes nothing', async () => {
    const test = exportProduct(source).tests[0]!;
    const before = await editorRows(t, editor.accountId!);
    const put = (member: Member, body: object) => () => as(member).put('/seq/import', body);
    const product = { name: 'Filters', model: '', info: '' };
    await expectRefusals([
      [
        put(editor, { product, test: { ...test, stageNo: 100 } }),
        400,
        'test.stageNo: Stage and test numbers are integers 1-99',
      ],
      [
        put(editor, { product, test: { ...test, steps: [{ ...test.steps[0]!, number: 2 }] } }),
        400,
        'test.steps[0].number: Must be 1: steps are numbered 1, 2, 3… in order',
      ],
      [
        put(editor, {
          product,
          test: {
            ...test,
            steps: [
              test.steps[0],
              { ...test.steps[2]!, number: 2, param: { ...test.steps[2]!.param, stepId2: 3 } },
            ],
          },
        }),
        400,
        'test.steps[1].param.stepId2: A step number from 1 to 2, or -1 for none',
      ],
      [put(editor, { product: { ...product, name: '' }, test }), 400, 'product.name: Empty input'],
      [
        put(editor, { product, test: { ...test, name: 'Other', testNo: 5 } }),
        409,
        'test: Stage-test 1-5 is used more than once (by another test of the product)',
      ],
      [put(operator, { product, test }), 403, 'Your role may not do this: it needs an editor or the manager'],
      [put(editor, { product }), 400, 'test must be an object'],
    ]);
    expect(await editorRows(t, editor.accountId!)).toEqual(before);
  });
});
