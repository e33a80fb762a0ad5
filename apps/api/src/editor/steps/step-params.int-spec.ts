import type { AlignParam, Product, Seq } from '@sweepline/domain';
import { ActionId } from '@sweepline/domain';
import { CAL, completeParam } from '@sweepline/domain/src/testing/step-fixtures';
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
  saveParam,
  seqVersion,
} from '../testing/editor-api';

describeEachDatabase('step parameters (PUT /step/param/{id})', (t) => {
  let editor: Member, operator: Member, stranger: Member;
  let product: Product;
  const api = () => editorApi(t, editor);

  beforeAll(async () => {
    ({ editor, operator, stranger } = await createEditorMembers(t()));
    product = await addProduct(api(), 'Params');
  });

  /** A test with the calibration CAL and one default-named step of `actionId`. */
  async function oneStep(name: string, actionId: ActionId, stepName?: string): Promise<Seq> {
    const seq = await addSeq(api(), product.id, name);
    await ok(api().post(`/seq/cals/${seq.id}`, { cals: [CAL] }));
    return addStep(api(), seq.id, actionId, stepName === undefined ? {} : { name: stepName });
  }

  it('regenerates a default name and its title from the params, and completes the step and the test', async () => {
    const seq = await oneStep('Default name', ActionId.InsertionLossMax);
    const id = seq.steps[0]!.id;
    expect(seq.isCompleted).toBe(false);
    const version = await seqVersion(t, seq.id);
    const param = {
      ...completeParam(ActionId.InsertionLossMax),
      title: '',
      sParam: 'S21',
      startFreq_MHz: 800,
      stopFreq_MHz: 900,
    };
    const saved = await saveParam(api(), id, param, 'ignored for a default name');
    expect(saved.steps[0]).toEqual({
      id,
      name: 'Insertion Loss Max - S21 (800 - 900 MHz)',
      isDefaultName: true,
      instrumentId: 1,
      actionId: ActionId.InsertionLossMax,
      param: { ...param, title: 'Insertion Loss Max - S21 (800 - 900 MHz)' },
      isCompleted: true,
      errors: [],
    });
    expect(saved.isCompleted).toBe(true);
    expect(saved.updateUserName).toBe('Erin Editor');
    expect(await seqVersion(t, seq.id)).toBe(version + 1);
    const stored = await t().dataSource.query('SELECT name, is_completed, errors FROM step WHERE id = $1', [
      id,
    ]);
    expect(stored).toEqual([
      { name: 'Insertion Loss Max - S21 (800 - 900 MHz)', is_completed: true, errors: [] },
    ]);
  });

  it('stores values the rules refuse, marking the step and the test incomplete with the errors', async () => {
    const seq = await oneStep('Incomplete', ActionId.InsertionLossMax);
    const id = seq.steps[0]!.id;
    const good = completeParam(ActionId.InsertionLossMax);
    expect((await saveParam(api(), id, good)).isCompleted).toBe(true);
    const bad = { ...good, smooth: 500, startFreq_MHz: 1200, upper: null, lower: null };
    const saved = await saveParam(api(), id, bad);
    expect(saved.steps[0]!.param).toEqual(bad);
    expect(saved.steps[0]!.isCompleted).toBe(false);
    expect(saved.steps[0]!.errors).toEqual([
      'Start frequency: Frequency out of the calibration range',
      'Upper limit: Enter an upper or a lower limit',
      'Smooth: Must be between 0 and 100',
    ]);
    expect(saved.isCompleted).toBe(false);
    const [row] = await t().dataSource.query('SELECT is_completed FROM seq WHERE id = $1', [seq.id]);
    expect(row.is_completed).toBe(false);
  });

  it('keeps the limits of docs/requirements/test-editor.md#limits as errors, not refusals', async () => {
    const seq = await oneStep('Limits', ActionId.Align);
    const align = completeParam(ActionId.Align) as AlignParam;
    const channel = align.channelArray[0]!;
    const tenMarkers = Array.from({ length: 10 }, () => ({ freq_MHz: 500 }));
    const param = {
      channelArray: [{ ...channel, traceArray: [{ ...channel.traceArray[0]!, markerArray: tenMarkers }] }],
    };
    const saved = await saveParam(api(), seq.steps[0]!.id, param);
    expect(saved.steps[0]!.errors).toEqual(['Alignment 1, Trace 1: Up to 9 Markers']);
    const tenChannels = await saveParam(api(), seq.steps[0]!.id, { channelArray: Array(10).fill(channel) });
    expect(tenChannels.steps[0]!.errors).toEqual(['Up to 9 alignments']);
  });

  it('renames a custom-named step with the name given, under the name rule', async () => {
    const seq = await oneStep('Custom name', ActionId.Delay, 'Settle');
    const id = seq.steps[0]!.id;
    const saved = await saveParam(api(), id, { value: 3 }, ' Settle longer ');
    expect(saved.steps[0]).toMatchObject({
      name: 'Settle longer',
      isDefaultName: false,
      param: { value: 3 },
    });
    expect((await saveParam(api(), id, { value: 4 })).steps[0]!.name).toBe('Settle longer');
    const before = await editorRows(t, editor.accountId!);
    for (const [name, msg] of [
      ['', 'name: Empty input'],
      ['a"b', 'name: Invalid character'],
      ['n'.repeat(101), 'name: No more than 100 characters'],
    ]) {
      const res = await api().put(`/step/param/${id}`, { param: { value: 5 }, name });
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect(await editorRows(t, editor.accountId!)).toEqual(before);
  });

  it('refuses a param that is not of its action’s shape, too large, or badly sent, changing nothing', async () => {
    const seq = await oneStep('Shapes', ActionId.InsertionLossMax);
    const id = seq.steps[0]!.id;
    const good = completeParam(ActionId.InsertionLossMax);
    const theirs = await addForeignTest(t, stranger, 'P');
    const theirStep = (await addStep(editorApi(t, stranger), theirs.id, ActionId.Delay)).steps[0]!;
    const before = await editorRows(t, editor.accountId!);
    const theirsBefore = await editorRows(t, stranger.accountId!);
    const put = (body: unknown, stepId = id) => api().put(`/step/param/${stepId}`, body as object);
    const cases: Refusal[] = [
      [() => put({ param: [1, 2] }), 400, 'param must be an object'],
      [() => put({ param: 'x' }), 400, 'param must be an object'],
      [() => put({ param: null }), 400, 'param must be an object'],
      [() => put({}), 400, 'param must be an object'],
      [() => put({ param: { ...good, upper: 'high' } }), 400, 'param.upper: Invalid value'],
      [() => put({ param: { value: 3 } }), 400, 'param.title: Invalid value'],
      [() => put({ param: { ...good, gatingType: 'Sideways' } }), 400, 'param.gatingType: Choose an option'],
      [
        () => put({ param: { ...good, title: 'x'.repeat(300 * 1024) } }),
        400,
        'The step parameters are too large',
      ],
      [() => put({ param: good, name: 7 }), 400, 'name must be a string'],
      [
        () => put({ param: good, is_default_name: false }),
        400,
        'is_default_name: property is_default_name should not exist',
      ],
      [() => put({ param: { value: 1 } }, theirStep.id), 404, 'Step not found'],
      [() => put({ param: good }, 999_999_999), 404, 'Step not found'],
      [
        () => editorApi(t, operator).put(`/step/param/${id}`, { param: good }),
        403,
        'Your role may not do this: it needs an editor or the manager',
      ],
      [() => editorApi(t).put(`/step/param/${id}`, { param: good }), 401, 'Please log in'],
    ];
    await expectRefusals(cases);
    const huge = await put({ param: { ...good, title: 'x'.repeat(3 * 1024 * 1024) } });
    expect([huge.status, huge.body.msg]).toEqual([413, 'The request body is too large']);
    const malformed = await api()
      .put(`/step/param/${id}`, '{"param": {')
      .set('content-type', 'application/json');
    expect([malformed.status, malformed.body.msg]).toEqual([400, 'The request body is not valid JSON']);
    expect(await editorRows(t, editor.accountId!)).toEqual(before);
    expect(await editorRows(t, stranger.accountId!)).toEqual(theirsBefore);
  });

  it('keeps keys outside the shape as sent', async () => {
    const seq = await oneStep('Extra keys', ActionId.Delay);
    const saved = await saveParam(api(), seq.steps[0]!.id, { value: 2, note: 'from a newer client' });
    expect(saved.steps[0]!.param).toEqual({ value: 2, note: 'from a newer client' });
    expect(saved.steps[0]!.isCompleted).toBe(true);
  });

  it('renames Diff steps after the steps they name', async () => {
    const seq = await oneStep('Diff names', ActionId.InsertionLossMax);
    let updated = await addStep(api(), seq.id, ActionId.GainMax, { after: seq.steps[0]!.id });
    updated = await addStep(api(), seq.id, ActionId.Diff, { after: updated.steps[1]!.id });
    const [il, gain, diff] = updated.steps.map((s) => s.id) as [number, number, number];
    const saved = await saveParam(api(), diff, {
      ...completeParam(ActionId.Diff),
      title: '',
      stepId1: gain,
      stepId2: il,
    });
    expect(saved.steps[2]!.name).toBe('Diff - Step 2 - Step 1');
    const moved = await addStep(api(), seq.id, ActionId.Delay);
    expect(moved.steps[3]!.name).toBe('Diff - Step 3 - Step 2');
  });
});
