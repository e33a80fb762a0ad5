import { NotFound, Refused } from '@sweepline/domain';
import { EDITOR, newTestServices } from '../testing/new-test-services';
import { expectRefusal } from '../testing/expect-refusal';

describe('ProcessControlService', () => {
  function setUp() {
    const t = newTestServices();
    const product = t.tables.addProduct(EDITOR.accountId, 'F-200');
    const a = t.tables.addSeq(product.id, 'A', { stageNo: 1, testNo: 1 });
    const b = t.tables.addSeq(product.id, 'B', { stageNo: 1, testNo: 2 });
    return { ...t, product, a, b };
  }

  it('refuses a test listed twice, naming it', async () => {
    const { processControl, product, a } = setUp();
    const row = { seq_id: a.id, stage_no: 2, test_no: 1 };
    await expectRefusal(
      processControl.apply(EDITOR, product.id, { seq_array: [row, row] }),
      new Refused(`Test ${a.id} is listed more than once`),
    );
  });

  it("refuses a test of another of the account's products with 400, an unknown one with 404", async () => {
    const { processControl, tables, product } = setUp();
    const other = tables.addProduct(EDITOR.accountId, 'G-300');
    const elsewhere = tables.addSeq(other.id, 'C', { stageNo: 1, testNo: 1 });
    const apply = (seq_id: number) =>
      processControl.apply(EDITOR, product.id, { seq_array: [{ seq_id, stage_no: 3, test_no: 1 }] });
    await expectRefusal(
      apply(elsewhere.id),
      new Refused(`Test ${elsewhere.id} is not a test of this product`),
    );
    await expectRefusal(apply(9999), new NotFound('Test'));
  });

  it("checks the numbers against the tests left out too, and names the caller's row", async () => {
    const { processControl, product, b } = setUp();
    // b moves onto a's pair, which a (not listed) keeps
    const apply = processControl.apply(EDITOR, product.id, {
      seq_array: [{ seq_id: b.id, stage_no: 1, test_no: 1 }],
    });
    await expectRefusal(apply, new Refused('seq_array[0]: Stage-test 1-1 is used more than once'));
  });

  it('refuses numbers outside 1-99', async () => {
    const { processControl, product, a } = setUp();
    const apply = processControl.apply(EDITOR, product.id, {
      seq_array: [{ seq_id: a.id, stage_no: 100, test_no: 1 }],
    });
    await expectRefusal(apply, new Refused('seq_array[0]: Stage and test numbers are integers 1-99'));
  });

  it('writes the new numbers and answers the product with its tests in the new order', async () => {
    const { processControl, product, a, b, touched } = setUp();
    const answer = await processControl.apply(EDITOR, product.id, {
      seq_array: [
        { seq_id: a.id, stage_no: 2, test_no: 1 },
        { seq_id: b.id, stage_no: 1, test_no: 2 },
      ],
    });
    expect(answer.seqs.map((s) => [s.name, s.stageNo, s.testNo])).toEqual([
      ['B', 1, 2],
      ['A', 2, 1],
    ]);
    expect(touched).toEqual([product.id]);
  });
});
