import {
  capability,
  judgeValues,
  Role,
  SPC_MSG,
  spcAlarmLine,
  type FrozenLimits,
  type FrozenLimitsAnswer,
  type RunSpcNotice,
  type RunUploadAnswer,
  type SpcAlarm,
  type SpcAlarmPage,
  type SpcSubscription,
  type StepResult,
} from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createEditorMembers, editorApi, ok, type EditorApi } from '../editor/testing/editor-api';
import { outboxMails } from '../../test/mail';
import { describeEachDatabase } from '../../test/test-app';
import { createMember } from '../../test/fixtures';
import {
  addSerialNumbers,
  PASS_STEPS,
  productWithTests,
  runOf,
  type Line,
} from '../runner/testing/runner-fixtures';
import { SPC_BASELINE as BASELINE, SPC_STEP as STEP } from './testing/spc-uploads';

const NOV_20 = { start_time: String(Date.UTC(2025, 10, 20)), stop_time: String(Date.UTC(2025, 10, 21) - 1) };
const NOV_10 = { start_time: String(Date.UTC(2025, 10, 10)), stop_time: String(Date.UTC(2025, 10, 11) - 1) };

const stepsWith = (value: number): StepResult[] =>
  PASS_STEPS.map((step) => (step.title === STEP ? { ...step, value } : step));

let unit = 0;

/** Uploads a passed run with this Insertion Loss on a new serial number; its answer. */
async function upload(api: EditorApi, line: Line, value: number, at?: string): Promise<RunUploadAnswer> {
  const sn = `SPC-${++unit}`;
  await addSerialNumbers(api, line.product.id, [sn]);
  const run = runOf(line.tests[0]!, sn, { steps: stepsWith(value) });
  if (at) Object.assign(run, { start_time: at, end_time: at });
  return ok<RunUploadAnswer>(api.post('/runner/runs', run));
}

describeEachDatabase('production SPC (docs/api/spc.md)', (t) => {
  let manager: Member;
  let editor: Member;
  let operator: Member;
  let stranger: Member;
  let line: Line;
  let foreign: Line;
  let limits: FrozenLimits;
  const api = (member: Member) => editorApi(t, member);
  const freezeBody = (range = NOV_20, seqId = line.tests[0]!.id) => ({
    seq_id: String(seqId),
    step: STEP,
    ...range,
    zone_offset: '0',
  });
  const notices = (runId: number, member = operator) =>
    ok<RunSpcNotice[]>(api(member).get(`/runner/runs/${runId}/spc`));
  const alarms = (query = '', member = operator) => ok<SpcAlarmPage>(api(member).get(`/spc/alarms${query}`));
  const spcMails = () => outboxMails(t().config.outboxDir).filter((m) => m.subject.startsWith('SPC alarm'));

  beforeAll(async () => {
    ({ manager, editor, operator, stranger } = await createEditorMembers(t()));
    line = await productWithTests(api(manager), 'Filter', [1]);
    foreign = await productWithTests(api(stranger), 'Foreign', [1]);
    for (const value of BASELINE) await upload(api(operator), line, value);
    await upload(api(operator), line, 0.8, '2025-11-10T09:00:00.000Z');
  });

  describe('freezing limits', () => {
    it('refuses an operator (editors and managers freeze)', async () => {
      const res = await api(operator).post('/spc/limits', freezeBody());
      expect(res.status).toBe(403);
    });

    it('refuses a baseline with fewer than 2 values, and stores nothing', async () => {
      const res = await api(editor).post('/spc/limits', freezeBody(NOV_10));
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(SPC_MSG.tooFewValues(STEP, 1));
      expect(
        await ok<FrozenLimitsAnswer>(
          api(operator).get(`/spc/limits?seq_id=${line.tests[0]!.id}&step=${encodeURIComponent(STEP)}`),
        ),
      ).toEqual({ limits: null });
    });

    it("freezes the baseline's mean and σ within, keeps who, when and the range, and audits it", async () => {
      limits = await ok<FrozenLimits>(api(editor).post('/spc/limits', freezeBody()));
      const figures = capability(BASELINE, { lower: null, upper: 1.5 });
      expect(limits.centre).toBeCloseTo(figures.mean!, 12);
      expect(limits.sigmaWithin).toBeCloseTo(figures.sigmaWithin!, 12);
      expect(limits).toMatchObject({
        productId: line.product.id,
        seqId: line.tests[0]!.id,
        step: STEP,
        baselineValues: BASELINE.length,
        baselineFrom: '2025-11-20T00:00:00.000Z',
        baselineTo: '2025-11-21T00:00:00.000Z',
        zoneOffset: 0,
        frozenBy: editor.userId,
        frozenByName: 'Erin Editor',
      });
      expect(limits.upperLimit).toBeCloseTo(limits.centre + 3 * limits.sigmaWithin, 12);
      const read = await ok<FrozenLimitsAnswer>(
        api(operator).get(`/spc/limits?seq_id=${line.tests[0]!.id}&step=${encodeURIComponent(STEP)}`),
      );
      expect(read.limits).toEqual(limits);
      const audit = await t().dataSource.query(
        `SELECT thing, thing_id, action, changes FROM audit_event WHERE account_id = $1 AND action LIKE '%spc%'`,
        [manager.accountId],
      );
      expect(audit).toEqual([
        expect.objectContaining({ thing: 'step', thing_id: STEP, action: 'freeze_spc_limits' }),
      ]);
    });

    it('replaces the limits when frozen again, auditing what changed', async () => {
      const wider = { start_time: NOV_10.start_time, stop_time: NOV_20.stop_time };
      limits = await ok<FrozenLimits>(api(manager).post('/spc/limits', freezeBody(wider)));
      expect(limits.baselineValues).toBe(BASELINE.length + 1);
      const [row] = await t().dataSource.query(
        `SELECT action, changes FROM audit_event WHERE account_id = $1 AND action LIKE '%spc%' ORDER BY id DESC LIMIT 1`,
        [manager.accountId],
      );
      expect(row.action).toBe('refreeze_spc_limits');
      expect(row.changes.map((c: { field: string }) => c.field).sort()).toEqual(
        ['baselineFrom', 'baselineValues', 'centre', 'sigmaWithin'].sort(),
      );
    });

    it('refuses a malformed body, naming the field, and stores nothing', async () => {
      const before = await t().dataSource.query(`SELECT * FROM spc_limit WHERE account_id = $1`, [
        manager.accountId,
      ]);
      for (const [body, field] of [
        [{ ...freezeBody(), step: '' }, 'step'],
        [{ ...freezeBody(), step: 'x'.repeat(201) }, 'step'],
        [{ ...freezeBody(), seq_id: 5 }, 'seq_id'],
        [{ ...freezeBody(), start_time: 'yesterday' }, 'start_time'],
        [{ ...freezeBody(), zone_offset: '99' }, 'zone_offset'],
      ] as const) {
        const res = await api(editor).post('/spc/limits', body);
        expect(res.status).toBe(400);
        expect(res.body.msg).toContain(field);
      }
      expect(
        await t().dataSource.query(`SELECT * FROM spc_limit WHERE account_id = $1`, [manager.accountId]),
      ).toEqual(before);
    });

    it("answers 404 for another account's test, and for its limits", async () => {
      const res = await api(stranger).post('/spc/limits', freezeBody(NOV_20, line.tests[0]!.id));
      expect(res.status).toBe(404);
      const read = await api(stranger).get(`/spc/limits?seq_id=${line.tests[0]!.id}&step=x`);
      expect(read.status).toBe(404);
    });
  });

  describe('judging at upload', () => {
    let values: number[];
    let runIds: number[];

    beforeAll(async () => {
      await ok<SpcSubscription>(api(editor).put(`/spc/subscriptions/${line.product.id}`));
      const { centre, sigmaWithin } = limits;
      // seven within 1σ above the centre, the eighth completes rule 4; the ninth is beyond 3σ
      values = [...Array.from({ length: 8 }, () => centre + 0.5 * sigmaWithin), centre + 4 * sigmaWithin];
      runIds = [];
      for (const value of values) runIds.push((await upload(api(operator), line, value)).run_id);
    });

    it('says nothing for a run that breaks no rule', async () => {
      for (const runId of runIds.slice(0, 7)) expect(await notices(runId)).toEqual([]);
    });

    it('opens an alarm on the first violation, with the line the runner prints', async () => {
      const [notice] = await notices(runIds[7]!);
      expect(notice).toMatchObject({ step: STEP, opened: true, rules: [4], side: 'above' });
      expect(notice!.line).toBe(
        'SPC alarm on Insertion Loss Max: rule 4, eight points above the centre line',
      );
    });

    it('joins later violations to the open alarm, judged as the batch judge judges the series', async () => {
      const expected = judgeValues(limits, [], values).rules;
      const [first] = await notices(runIds[7]!);
      const [joined] = await notices(runIds[8]!);
      expect(joined).toMatchObject({ alarmId: first!.alarmId, opened: false, rules: expected[8] });
      expect(joined!.line).toBe(spcAlarmLine(STEP, expected[8]!, 'above'));
      const page = await alarms();
      expect(page.alarms).toHaveLength(1);
      expect(page.alarms[0]).toMatchObject({
        id: first!.alarmId,
        state: 'open',
        violationCount: 2,
        seqName: 'Filter T1',
      });
      expect(page.alarms[0]!.violations.map((v) => v.runId)).toEqual([runIds[8], runIds[7]]);
    });

    it("mails the product's subscribers once, when the alarm opens", () => {
      const mails = spcMails();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toContain(editor.email);
      expect(mails[0]!.subject).toBe(`SPC alarm on ${STEP} (Filter, Filter T1)`);
      expect(mails[0]!.text).toContain('rule 4, eight points above the centre line');
    });

    it('refuses an acknowledgement without a note, or with one too long, and changes nothing', async () => {
      const [{ alarmId }] = (await notices(runIds[7]!)) as [RunSpcNotice];
      for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(501) }, { note: 5 }]) {
        const res = await api(operator).post(`/spc/alarms/${alarmId}/acknowledge`, body);
        expect(res.status).toBe(400);
        expect(res.body.msg).toContain(SPC_MSG.note);
      }
      expect((await alarms('?state=open')).alarms).toHaveLength(1);
    });

    it("answers 404 for another account's alarm and run, and lists none of them", async () => {
      const [{ alarmId }] = (await notices(runIds[7]!)) as [RunSpcNotice];
      const ack = await api(stranger).post(`/spc/alarms/${alarmId}/acknowledge`, { note: 'Not mine' });
      expect(ack.status).toBe(404);
      expect((await api(stranger).get(`/runner/runs/${runIds[7]}/spc`)).status).toBe(404);
      expect((await alarms('', stranger)).alarms).toEqual([]);
      expect((await api(stranger).put(`/spc/subscriptions/${line.product.id}`)).status).toBe(404);
      expect((await alarms('?state=open')).alarms).toHaveLength(1);
    });

    it('lets an operator acknowledge with a note; the next violation opens a new alarm, mailed again', async () => {
      const [{ alarmId }] = (await notices(runIds[7]!)) as [RunSpcNotice];
      const acked = await ok<SpcAlarm>(
        api(operator).post(`/spc/alarms/${alarmId}/acknowledge`, { note: '  Fixture re-torqued  ' }),
      );
      expect(acked).toMatchObject({ state: 'acknowledged', note: 'Fixture re-torqued', violationCount: 2 });
      expect(acked.acknowledgedByName).toBeTruthy();
      const again = await api(operator).post(`/spc/alarms/${alarmId}/acknowledge`, { note: 'Twice' });
      expect(again.status).toBe(409);
      const next = await upload(api(operator), line, limits.centre + 4 * limits.sigmaWithin);
      const [notice] = await notices(next.run_id);
      expect(notice).toMatchObject({ opened: true });
      expect(notice!.alarmId).not.toBe(alarmId);
      expect((await alarms('?state=open')).alarms.map((a) => a.id)).toEqual([notice!.alarmId]);
      expect((await alarms('?state=acknowledged')).alarms.map((a) => a.id)).toEqual([alarmId]);
      expect(spcMails()).toHaveLength(2);
    });

    it('mails no one who unsubscribed', async () => {
      await ok<SpcSubscription>(api(editor).delete(`/spc/subscriptions/${line.product.id}`));
      expect(await ok<SpcSubscription>(api(editor).get(`/spc/subscriptions/${line.product.id}`))).toEqual({
        productId: line.product.id,
        subscribed: false,
      });
      const [open] = (await alarms('?state=open')).alarms;
      await ok(api(manager).post(`/spc/alarms/${open!.id}/acknowledge`, { note: 'Seen' }));
      await upload(api(operator), line, limits.centre - 4 * limits.sigmaWithin);
      expect((await alarms('?state=open')).alarms).toHaveLength(1);
      expect(spcMails()).toHaveLength(2);
    });

    it('filters by product and test, and refuses a bad filter', async () => {
      expect((await api(operator).get(`/spc/alarms?product_id=${foreign.product.id}`)).status).toBe(404);
      expect((await api(operator).get(`/spc/alarms?seq_id=${foreign.tests[0]!.id}`)).status).toBe(404);
      expect((await alarms(`?product_id=${line.product.id}&state=open`)).alarms).toHaveLength(1);
      expect((await alarms(`?seq_id=${line.tests[0]!.id}`)).alarms).toHaveLength(3);
      const res = await api(operator).get('/spc/alarms?state=closed');
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(SPC_MSG.state);
    });
  });

  it('judges nothing for a test without frozen limits', async () => {
    const other = await createMember(t(), stranger.accountId, Role.Operator);
    const answer = await upload(api(other), foreign, 0.9);
    expect(await notices(answer.run_id, other)).toEqual([]);
  });
});
