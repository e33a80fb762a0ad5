import type { AlignParam, GeneralNaParam, Product, Seq } from '@sweepline/domain';
import { ActionId, NO_ID } from '@sweepline/domain';
import { CAL, completeParam } from '@sweepline/domain/src/testing/step-fixtures';
import type { Member } from '../../../test/fixtures';
import { describeEachDatabase } from '../../../test/test-app';
import {
  addForeignTest,
  addProduct,
  addSeq,
  addStep,
  completeTest,
  createEditorMembers,
  editorApi,
  editorRows,
  ok,
  saveParam,
} from '../testing/editor-api';

const cal = (values: Record<string, unknown> = {}) => ({ ...CAL, ...values });

describeEachDatabase(
  'calibrations (docs/requirements/step-parameters.md#calibrations, docs/requirements/step-parameters.md#s-parameter-choices)',
  (t) => {
    let editor: Member, operator: Member, stranger: Member;
    let product: Product;
    const api = () => editorApi(t, editor);
    const save = (seqId: number, cals: unknown) => api().post(`/seq/cals/${seqId}`, { cals });

    beforeAll(async () => {
      ({ editor, operator, stranger } = await createEditorMembers(t()));
      product = await addProduct(api(), 'Calibrated');
    });

    it('saves the list, keeping only calibration fields, and answers the recomputed test', async () => {
      const seq = await addSeq(api(), product.id, 'Needs a cal');
      const added = await addStep(api(), seq.id, ActionId.InsertionLossMax);
      const withParam = await saveParam(api(), added.steps[0]!.id, completeParam(ActionId.InsertionLossMax));
      expect(withParam.isCompleted).toBe(false);
      expect(withParam.steps[0]!.errors).toEqual([
        'Calibration: Choose a calibration',
        'S parameter: Choose an S parameter',
      ]);
      const cals = [cal({ note: 'dropped' }), cal({ id: 2, type: 5, ports: '1-2' })];
      const saved = await ok<Seq>(save(seq.id, cals));
      expect(saved.cals).toEqual([CAL, { ...CAL, id: 2, type: 5, ports: '1-2' }]);
      expect(saved.updateUserName).toBe('Erin Editor');
      // the step's S parameter is offered by its new calibration, so it stays and the step is complete
      expect(saved.steps[0]!.errors).toEqual([]);
      expect(saved.isCompleted).toBe(true);
      const cleared = await save(seq.id, []);
      expect([cleared.status, cleared.body.data.cals]).toEqual([200, []]);
    });

    it('clears S parameters and calibrations that the new list no longer offers', async () => {
      const seq = await completeTest(api(), (await addSeq(api(), product.id, 'Complete')).id);
      const align = await addStep(api(), seq.id, ActionId.Align, { after: seq.steps[3]!.id });
      const alignId = align.steps[4]!.id;
      const alignParam = completeParam(ActionId.Align) as AlignParam;
      const traces = alignParam.channelArray[0]!.traceArray.map((tr) => tr.sParam);
      expect(traces).toEqual(['S21', 'S11']);
      expect((await saveParam(api(), alignId, alignParam)).isCompleted).toBe(true);

      // a Thru offers S21 (and S12 to Group Delay, Phase and traces), never S11
      const thru = await ok<Seq>(save(seq.id, [cal({ type: 5, ports: '1-2' })]));
      const il = thru.steps[0]!.param as GeneralNaParam;
      expect([il.calId, il.sParam]).toEqual([CAL.id, '']);
      const channel = (thru.steps[4]!.param as AlignParam).channelArray[0]!;
      expect(channel.traceArray.map((tr) => tr.sParam)).toEqual(['S21', '']);
      expect(thru.isCompleted).toBe(false);
      expect(thru.steps[0]!.errors).toEqual(['S parameter: Choose an S parameter']);

      const none = await ok<Seq>(save(seq.id, []));
      expect((none.steps[0]!.param as GeneralNaParam).calId).toBe(NO_ID);
      expect((none.steps[4]!.param as AlignParam).channelArray[0]!.calId).toBe(NO_ID);
      expect(none.steps[0]!.errors[0]).toBe('Calibration: Choose a calibration');
    });

    it('refuses what the calibration dialog refuses, with its words, changing nothing', async () => {
      const seq = await addSeq(api(), product.id, 'Refusals');
      await ok(save(seq.id, [CAL]));
      const before = await editorRows(t, editor.accountId!);
      const seventeen = Array.from({ length: 17 }, (_, i) => cal({ id: i + 1 }));
      const cases: [unknown, string][] = [
        [seventeen, 'cals: Up to 16 calibrations'],
        [
          [cal({ startFreq_MHz: 900, stopFreq_MHz: 800 })],
          'cals[0].startFreq_MHz: The start freq greater than the stop freq',
        ],
        [[CAL, cal({ id: 2, type: 9 })], 'cals[1].type: Choose a calibration type'],
        [[cal({ ports: '1-3-2' })], 'cals[0].ports: Choose the ports'],
        [[cal({ power_dBm: 31 })], 'cals[0].power_dBm: Must be between -100 and 30'],
        [[cal({ freqPoints: 0 })], 'cals[0].freqPoints: Must be at least 1'],
        [[cal({ IFBW_Hz: 1.5 })], 'cals[0].IFBW_Hz: Must be an integer'],
        [[cal({ smoothing: 101 })], 'cals[0].smoothing: Must be between 0 and 100'],
        [[cal({ startFreq_MHz: null })], 'cals[0].startFreq_MHz: Enter a number'],
        [[CAL, CAL], 'cals[1].id: Duplicate calibration id'],
        [['not a calibration'], 'cals[0]: Invalid value'],
        [{ 0: CAL }, 'cals must be an array'],
      ];
      for (const [cals, msg] of cases) {
        const res = await save(seq.id, cals);
        expect([res.status, res.body.msg]).toEqual([400, msg]);
      }
      const extra = await api().post(`/seq/cals/${seq.id}`, { cals: [], steps: [] });
      expect([extra.status, extra.body.msg]).toEqual([400, 'steps: property steps should not exist']);
      expect(await editorRows(t, editor.accountId!)).toEqual(before);
    });

    it("answers 404 for another account's test, 403 for an operator, 401 without a session", async () => {
      const theirs = await addForeignTest(t, stranger, 'P');
      const mine = await addSeq(api(), product.id, 'Mine');
      const before = await editorRows(t, editor.accountId!);
      const theirsBefore = await editorRows(t, stranger.accountId!);
      expect((await save(theirs.id, [CAL])).body).toEqual({ status: 0, msg: 'Test not found', data: null });
      expect((await editorApi(t, operator).post(`/seq/cals/${mine.id}`, { cals: [CAL] })).status).toBe(403);
      expect((await editorApi(t).post(`/seq/cals/${mine.id}`, { cals: [CAL] })).status).toBe(401);
      expect(await editorRows(t, editor.accountId!)).toEqual(before);
      expect(await editorRows(t, stranger.accountId!)).toEqual(theirsBefore);
    });
  },
);
