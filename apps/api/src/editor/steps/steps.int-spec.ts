import type { Product, Seq } from '@sweepline/domain';
import { ActionId, defaultParam } from '@sweepline/domain';
import type { Member } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import type { Refusal } from '../testing/editor-api';
import {
  addForeignTest,
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
const stepNames = (seq: Seq) => seq.steps.map((s) => s.name);

describeEachDatabase('steps: add and edit (docs/requirements/test-editor.md#calls)', (t) => {
  let editor: Member, operator: Member, stranger: Member;
  let product: Product;
  const api = () => editorApi(t, editor);
  const dialog = (body: object) => ({
    instrument_id: 0,
    action_id: ActionId.Delay,
    is_default_name: true,
    name: '',
    ...body,
  });

  beforeAll(async () => {
    ({ editor, operator, stranger } = await createEditorMembers(t()));
    product = await addProduct(api(), 'Steps');
  });

  it('adds a step and answers the updated test', async () => {
    const seq = await addSeq(api(), product.id, 'Add');
    const version = await seqVersion(t, seq.id);
    const updated = await addStep(api(), seq.id, ActionId.InsertionLossMax);
    expect(updated).toEqual({
      ...seq,
      updateTime: expect.stringMatching(ISO),
      steps: [
        {
          id: expect.any(Number),
          name: 'Insertion Loss Max',
          isDefaultName: true,
          instrumentId: 1,
          actionId: ActionId.InsertionLossMax,
          // the title follows a default name (docs/requirements/step-parameters.md#network-analyzer-step-parameters)
          param: { ...defaultParam(ActionId.InsertionLossMax), title: 'Insertion Loss Max' },
          isCompleted: false,
          errors: expect.arrayContaining(['Calibration: Choose a calibration']),
        },
      ],
    });
    expect(await seqVersion(t, seq.id)).toBe(version + 1);
  });

  it('inserts first for -1 and right after after_step_id otherwise', async () => {
    const seq = await addSeq(api(), product.id, 'Positions');
    let updated = await addStep(api(), seq.id, ActionId.Prompt, { name: ' B ' });
    updated = await addStep(api(), seq.id, ActionId.Prompt, { name: 'A' });
    expect(stepNames(updated)).toEqual(['A', 'B']);
    updated = await addStep(api(), seq.id, ActionId.Prompt, { name: 'A2', after: updated.steps[0]!.id });
    updated = await addStep(api(), seq.id, ActionId.Prompt, { name: 'C', after: updated.steps[2]!.id });
    expect(stepNames(updated)).toEqual(['A', 'A2', 'B', 'C']);
    const rows = await t().dataSource.query(
      'SELECT name, position FROM step WHERE seq_id = $1 ORDER BY position',
      [seq.id],
    );
    expect(rows).toEqual(['A', 'A2', 'B', 'C'].map((name, position) => ({ name, position })));
    expect(updated.steps.map((s) => s.isDefaultName)).toEqual([false, false, false, false]);
  });

  it('edits a step: the same type keeps its params, a new type resets them and renames a default-name step', async () => {
    const seq = await addSeq(api(), product.id, 'Edit');
    const added = await addStep(api(), seq.id, ActionId.Delay);
    const id = added.steps[0]!.id;
    await ok(api().put(`/step/param/${id}`, { param: { value: 5 } }));
    const renamed = await ok<Seq>(
      api().put(`/step/${id}`, dialog({ is_default_name: false, name: ' Settle ' })),
    );
    expect(renamed.steps[0]).toMatchObject({ name: 'Settle', isDefaultName: false, param: { value: 5 } });
    const back = await ok<Seq>(api().put(`/step/${id}`, dialog({})));
    expect(back.steps[0]).toMatchObject({ name: 'Delay 5 s', isDefaultName: true, param: { value: 5 } });
    const retyped = await ok<Seq>(
      api().put(`/step/${id}`, dialog({ instrument_id: 2, action_id: ActionId.PimFixedTone })),
    );
    expect(retyped.steps[0]).toMatchObject({
      id,
      name: 'PIM IM3L Reverse - 2 x 43 dBm',
      instrumentId: 2,
      actionId: ActionId.PimFixedTone,
      param: { ...defaultParam(ActionId.PimFixedTone), title: 'PIM IM3L Reverse - 2 x 43 dBm' },
      isCompleted: false,
    });
  });

  it('refuses what the step dialog refuses and bad bodies, changing nothing', async () => {
    const seq = await addSeq(api(), product.id, 'Dialog refusals');
    const other = await addSeq(api(), product.id, 'Other test');
    const otherStep = (await addStep(api(), other.id, ActionId.Delay)).steps[0]!;
    const step = (await addStep(api(), seq.id, ActionId.Delay)).steps[0]!;
    const theirs = await addForeignTest(t, stranger, 'P');
    const theirStep = (await addStep(editorApi(t, stranger), theirs.id, ActionId.Delay)).steps[0]!;
    const add = (body: object) => api().post('/step', { seq_id: seq.id, after_step_id: -1, ...dialog(body) });
    const before = await editorRows(t, editor.accountId!);
    const theirsBefore = await editorRows(t, stranger.accountId!);
    const cases: Refusal[] = [
      [() => add({ action_id: 999 }), 400, 'action_id: Choose type'],
      [() => add({ instrument_id: 1, action_id: ActionId.Delay }), 400, 'action_id: Choose type'],
      [() => add({ is_default_name: false, name: '  ' }), 400, 'name: Input name'],
      [() => add({ is_default_name: false }), 400, 'name: Input name'],
      [() => add({ is_default_name: false, name: 'a?' }), 400, 'name: Invalid character'],
      [
        () => add({ is_default_name: false, name: 'n'.repeat(101) }),
        400,
        'name: No more than 100 characters',
      ],
      [() => add({ after_step_id: otherStep.id }), 400, `Step ${otherStep.id} is not a step of this test`],
      [() => add({ after_step_id: theirStep.id }), 404, 'Step not found'],
      [() => add({ seq_id: theirs.id }), 404, 'Test not found'],
      [() => add({ is_default_name: 'yes' }), 400, 'is_default_name must be a boolean value'],
      [() => add({ action_id: '3' }), 400, 'action_id must be an integer number'],
      [() => add({ param: {} }), 400, 'param: property param should not exist'],
      [() => api().post('/step', dialog({ after_step_id: -1 })), 400, 'seq_id must be an integer number'],
      [() => api().put(`/step/${step.id}`, dialog({ action_id: 0 })), 400, 'action_id: Choose type'],
      [() => api().put(`/step/${theirStep.id}`, dialog({})), 404, 'Step not found'],
      [
        () => api().put(`/step/${step.id}`, dialog({ seq_id: seq.id })),
        400,
        'seq_id: property seq_id should not exist',
      ],
      [() => api().put('/step/-4', dialog({})), 400, 'id: Invalid id'],
    ];
    await expectRefusals(cases);
    expect(await editorRows(t, editor.accountId!)).toEqual(before);
    expect(await editorRows(t, stranger.accountId!)).toEqual(theirsBefore);
  });

  it('keeps a test to 500 steps', async () => {
    const seq = await addSeq(api(), product.id, 'Long');
    await t().dataSource.query(
      `INSERT INTO step (account_id, seq_id, position, name, is_default_name, instrument_id, action_id, param)
       SELECT $1, $2, n, 'Wait', false, 0, $3, '{"value": 1}' FROM generate_series(0, 498) AS n`,
      [editor.accountId, seq.id, ActionId.Delay],
    );
    const full = await addStep(api(), seq.id, ActionId.Delay);
    expect(full.steps).toHaveLength(500);
    expect(full.isCompleted).toBe(true);
    const before = await editorRows(t, editor.accountId!);
    const res = await api().post('/step', { seq_id: seq.id, after_step_id: -1, ...dialog({}) });
    expect([res.status, res.body.msg]).toEqual([400, 'Up to 500 steps in a test']);
    expect(await editorRows(t, editor.accountId!)).toEqual(before);
  });

  it('runs concurrent changes of one test one after another', async () => {
    const seq = await addSeq(api(), product.id, 'Concurrent');
    const version = await seqVersion(t, seq.id);
    const names = Array.from({ length: 10 }, (_, i) => `Step ${i}`);
    await Promise.all(names.map((name) => addStep(api(), seq.id, ActionId.Prompt, { name })));
    const rows = await t().dataSource.query(
      'SELECT name, position FROM step WHERE seq_id = $1 ORDER BY position',
      [seq.id],
    );
    expect(rows.map((r: { position: number }) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows.map((r: { name: string }) => r.name).sort()).toEqual(names);
    expect(await seqVersion(t, seq.id)).toBe(version + 10);
  });

  it('is for editors, with a session', async () => {
    const seq = await addSeq(api(), product.id, 'Roles');
    const step = (await addStep(api(), seq.id, ActionId.Delay)).steps[0]!;
    const before = await editorRows(t, editor.accountId!);
    const body = { seq_id: seq.id, after_step_id: -1, ...dialog({}) };
    expect((await editorApi(t, operator).post('/step', body)).status).toBe(403);
    expect((await editorApi(t, operator).put(`/step/${step.id}`, dialog({}))).status).toBe(403);
    expect((await editorApi(t).post('/step', body)).status).toBe(401);
    expect(await editorRows(t, editor.accountId!)).toEqual(before);
  });
});
