import { Conflict, NotFound, Refused } from '@sweepline/domain';
import { EDITOR, newTestServices, OUTSIDER } from '../testing/new-test-services';
import { expectRefusal } from '../testing/expect-refusal';

describe('SeqsService', () => {
  function setUp() {
    const t = newTestServices();
    const product = t.tables.addProduct(EDITOR.accountId, 'F-200');
    return { ...t, product };
  }

  it('refuses a name a live test of the product has, whatever its case, with 409', async () => {
    const { seqs, tables, product } = setUp();
    tables.addSeq(product.id, 'Return loss', { stageNo: 1, testNo: 1 });
    const adding = seqs.create(EDITOR, { product_id: product.id, name: 'RETURN LOSS' });
    await expectRefusal(adding, new Conflict('A test named RETURN LOSS already exists'));
  });

  it('restores a deleted test of that name with its steps, under the name as now typed', async () => {
    const { seqs, tables, product } = setUp();
    const deleted = tables.addSeq(product.id, 'Return loss', { stageNo: 1, testNo: 1 }, true);
    tables.addStep(deleted.id, 'Connect the cable');
    const seq = await seqs.create(EDITOR, { product_id: product.id, name: ' return LOSS ' });
    expect(seq).toMatchObject({ id: deleted.id, name: 'return LOSS', stageNo: 1, testNo: 1 });
    expect(seq.steps.map((s) => s.name)).toEqual(['Connect the cable']);
  });

  it('places a new test right after the current one, shifting the later tests of its stage', async () => {
    const { seqs, tables, product } = setUp();
    const first = tables.addSeq(product.id, 'A', { stageNo: 1, testNo: 1 });
    const second = tables.addSeq(product.id, 'B', { stageNo: 1, testNo: 2 });
    const added = await seqs.create(EDITOR, {
      product_id: product.id,
      name: 'New',
      current_seq_id: first.id,
    });
    expect([added.stageNo, added.testNo]).toEqual([1, 2]);
    expect([second.stage_no, second.test_no]).toEqual([1, 3]);
  });

  it('puts a new test after the last one when no current test is given (-1)', async () => {
    const { seqs, tables, product } = setUp();
    tables.addSeq(product.id, 'A', { stageNo: 2, testNo: 5 });
    const added = await seqs.create(EDITOR, { product_id: product.id, name: 'New', current_seq_id: -1 });
    expect([added.stageNo, added.testNo]).toEqual([2, 6]);
  });

  it('refuses a new test when every stage-test pair of the product is taken', async () => {
    const { seqs, tables, product } = setUp();
    for (let stageNo = 1; stageNo <= 99; stageNo++)
      for (let testNo = 1; testNo <= 99; testNo++)
        tables.addSeq(product.id, `T${stageNo}-${testNo}`, { stageNo, testNo });
    const adding = seqs.create(EDITOR, { product_id: product.id, name: 'One more' });
    await expectRefusal(adding, new Refused('No free stage-test number is left in this product'));
  });

  it("refuses an empty name with the dialog's words, before the product is looked up", async () => {
    const { seqs } = setUp();
    await expectRefusal(
      seqs.create(EDITOR, { product_id: 999, name: '  ' }),
      new Refused('name: Empty input'),
    );
  });

  it("answers another account's product as not found", async () => {
    const { seqs, product } = setUp();
    const adding = seqs.create(OUTSIDER, { product_id: product.id, name: 'Mine' });
    await expectRefusal(adding, new NotFound('Product'));
    await expect(adding).rejects.toThrow('Product not found');
  });

  it("refuses renaming onto a deleted test's name, which would hide that test for good", async () => {
    const { seqs, tables, product } = setUp();
    const seq = tables.addSeq(product.id, 'A', { stageNo: 1, testNo: 1 });
    tables.addSeq(product.id, 'Old', { stageNo: 1, testNo: 2 }, true);
    await expectRefusal(
      seqs.rename(EDITOR, seq.id, { name: 'old' }),
      new Conflict('A deleted test is named old: add a test with that name to restore it'),
    );
  });

  it('records who deleted a test on its product', async () => {
    const { seqs, tables, product, touched } = setUp();
    const seq = tables.addSeq(product.id, 'A', { stageNo: 1, testNo: 1 });
    await expect(seqs.remove(EDITOR, seq.id)).resolves.toBeNull();
    expect(seq.deleted).toBe(true);
    expect(touched).toEqual([product.id]);
    expect(product.update_user_name).toBe('Erin Editor');
  });
});
