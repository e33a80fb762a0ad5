import { NotFound, Refused } from '@sweepline/domain';
import { EDITOR, newTestServices } from '../testing/new-test-services';
import { expectRefusal } from '../testing/expect-refusal';

describe('StepListsService', () => {
  function setUp() {
    const t = newTestServices();
    const product = t.tables.addProduct(EDITOR.accountId, 'F-200');
    const seq = t.tables.addSeq(product.id, 'A', { stageNo: 1, testNo: 1 });
    const [one, two, three] = ['One', 'Two', 'Three'].map((name) => t.tables.addStep(seq.id, name));
    return { ...t, product, seq, one: one!, two: two!, three: three! };
  }

  it('refuses a step listed twice, naming it', async () => {
    const { stepLists, one } = setUp();
    await expectRefusal(
      stepLists.remove(EDITOR, { step_id_array: [one.id, one.id] }),
      new Refused(`Step ${one.id} is listed more than once`),
    );
  });

  it('refuses deleting steps of two tests at once', async () => {
    const { stepLists, tables, product, one } = setUp();
    const other = tables.addSeq(product.id, 'B', { stageNo: 1, testNo: 2 });
    const elsewhere = tables.addStep(other.id, 'Elsewhere');
    await expectRefusal(
      stepLists.remove(EDITOR, { step_id_array: [one.id, elsewhere.id] }),
      new Refused('The steps must all belong to one test'),
    );
  });

  it('answers a step the account does not have as not found', async () => {
    const { stepLists, one } = setUp();
    await expectRefusal(stepLists.remove(EDITOR, { step_id_array: [one.id, 9999] }), new NotFound('Step'));
  });

  it('refuses an order that does not name every step exactly once', async () => {
    const { stepLists, seq, one, two } = setUp();
    await expectRefusal(
      stepLists.reorder(EDITOR, seq.id, { step_id_array: [two.id, one.id] }),
      new Refused('The step order must list every step of the test exactly once'),
    );
  });

  it('pastes copies with new ids right after the chosen step, in the source order', async () => {
    const { stepLists, seq, one, two, three } = setUp();
    const answer = await stepLists.copy(EDITOR, {
      target_seq_id: seq.id,
      source_step_id_array: [three.id, two.id],
      after_step_id: one.id,
    });
    expect(answer.steps.map((s) => s.name)).toEqual(['One', 'Two', 'Three', 'Two', 'Three']);
    expect(new Set(answer.steps.map((s) => s.id)).size).toBe(5);
  });

  it('pastes first for after_step_id -1, and refuses a step of another test as the place', async () => {
    const { stepLists, tables, product, seq, two } = setUp();
    const pasted = await stepLists.copy(EDITOR, {
      target_seq_id: seq.id,
      source_step_id_array: [two.id],
      after_step_id: -1,
    });
    expect(pasted.steps[0]!.name).toBe('Two');
    const other = tables.addSeq(product.id, 'B', { stageNo: 1, testNo: 2 });
    const elsewhere = tables.addStep(other.id, 'Elsewhere');
    const misplaced = stepLists.copy(EDITOR, {
      target_seq_id: seq.id,
      source_step_id_array: [two.id],
      after_step_id: elsewhere.id,
    });
    await expectRefusal(misplaced, new Refused(`Step ${elsewhere.id} is not a step of this test`));
  });
});
