import type { RunUpload, RunUploadAnswer, SnReport } from '@sweepline/domain';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { addProduct, addSeq, addStep, editorApi, ok } from '../editor/testing/editor-api';
import { ActionId } from '@sweepline/domain';
import { SpcRepository } from '../spc/spc.repository';
import type { Line, LineTest } from './testing/runner-fixtures';
import { addSerialNumbers, PASS_STEPS, productWithTests, runOf, testsOf } from './testing/runner-fixtures';

describeEachDatabase('run upload and process control (docs/requirements/process-control.md)', (t) => {
  let manager: Member;
  let operator: Member;
  let line: Line;
  let a: LineTest;
  let b: LineTest;
  let c: LineTest;
  const api = () => editorApi(t, operator);
  const upload = (run: RunUpload) => ok<RunUploadAnswer>(api().post('/runner/runs', run));
  const history = (sn: string) =>
    t().dataSource.query(
      `SELECT h.stage_no, h.reason, h.run_id::float8 AS run_id FROM sn_stage_history h
         JOIN serial_number s ON s.id = h.serial_number_id WHERE s.sn = $1 ORDER BY h.id`,
      [sn],
    );
  const runsOf = (sn: string) =>
    t().dataSource.query(
      `SELECT id::float8 AS id, seq_id, run_no, result, is_first, user_id, user_name FROM run WHERE sn = $1 ORDER BY id`,
      [sn],
    );

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
    // stage 1 has two tests, stage 3 one
    line = await productWithTests(editorApi(t, manager), 'Filter', [1, 1, 3]);
    [a, b, c] = line.tests as [LineTest, LineTest, LineTest];
    await addSerialNumbers(api(), line.product.id, ['U-1', 'U-2', 'U-3', 'U-4', 'U-5', 'U-6', 'U-7', 'U-8']);
  });

  it('stores a run and answers its number and the stage after it', async () => {
    const run = runOf(a, 'U-1');
    const res = await api().post('/runner/runs', run);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: 1,
      msg: '',
      data: { run_id: expect.any(Number), run_no: 1, stage_no: 1, finished: false },
    });
    const [row] = await t().dataSource.query(
      `SELECT r.*, r.id::float8 AS id, h.stage_no FROM run r JOIN sn_stage_history h ON h.id = r.sn_stage_history_id
        WHERE r.id = $1`,
      [res.body.data.run_id],
    );
    expect(row).toMatchObject({
      account_id: manager.accountId,
      product_id: line.product.id,
      seq_id: a.id,
      sn: 'U-1',
      stage_no: 1,
      run_no: 1,
      client_run_id: run.client_run_id,
      seq_version: a.version,
      result: 1,
      user_id: operator.userId,
      user_name: 'Olive Operator',
      steps: run.steps,
      is_first: true,
    });
    expect(row.start_time.toISOString()).toBe(run.start_time);
  });

  it('keeps the warnings, the plot and the expected answers of a step result with the run and answers them in the report', async () => {
    const warning = 'Gate narrower than the Normal minimum of 5.6 ns: the gated trace is distorted';
    const plot = { actionId: 102, startFreq_MHz: 500, stopFreq_MHz: 700 };
    const question = { ...PASS_STEPS[1]!, upper: null, unit: '', value: 'yes', expected: ['yes'] };
    const steps = [
      ...PASS_STEPS.map((step, i) => (i === 1 ? { ...step, warnings: [warning], plot } : step)),
      question,
    ];
    const answer = await upload(runOf(a, 'U-7', { steps }));
    const [row] = await t().dataSource.query('SELECT steps FROM run WHERE id = $1', [answer.run_id]);
    expect(row.steps).toEqual(steps);
    const report = await ok<SnReport>(api().get('/report/sn?sn=U-7'));
    expect(report.reports[0]!.steps).toEqual(steps);
  });

  it('advances when every test of the stage passed in the visit, and finishes after the last stage', async () => {
    expect(await upload(runOf(b, 'U-1'))).toMatchObject({ run_no: 1, stage_no: 3, finished: false });
    const [, advance] = await history('U-1');
    expect(advance).toMatchObject({ stage_no: 3, reason: 'advance', run_id: expect.any(Number) });
    expect(await upload(runOf(c, 'U-1'))).toMatchObject({ run_no: 1, stage_no: null, finished: true });
    expect((await history('U-1')).map((h: { stage_no: number | null }) => h.stage_no)).toEqual([1, 3, null]);
  });

  it('records a passed run without results (a test of Prompts and Delays), which passes the stage', async () => {
    expect(await upload(runOf(a, 'U-8', { steps: [] }))).toMatchObject({ run_no: 1, stage_no: 1 });
    const headingOnly = [PASS_STEPS[0]!];
    expect(await upload(runOf(b, 'U-8', { steps: headingOnly }))).toMatchObject({ run_no: 1, stage_no: 3 });
    expect((await history('U-8')).at(-1)).toMatchObject({ stage_no: 3, reason: 'advance' });
    const report = await ok<SnReport>(api().get('/report/sn?sn=U-8&is_all=1'));
    expect(report.reports.map((r) => [r.seqId, r.result, r.steps])).toEqual([
      [b.id, 1, headingOnly],
      [a.id, 1, []],
    ]);
  });

  it('counts run_no per test in a stage visit and judges the latest run of each test', async () => {
    const answers = [];
    for (const run of [
      runOf(a, 'U-2', { result: 0 }),
      runOf(a, 'U-2', { result: -1, steps: [] }),
      runOf(b, 'U-2'),
      runOf(a, 'U-2'),
    ]) {
      answers.push(await upload(run));
    }
    expect(answers.map((x) => [x.run_no, x.stage_no])).toEqual([
      [1, 1],
      [2, 1],
      [1, 1],
      [3, 3],
    ]);
    // a pass that is not the latest run does not count: B passed, then failed
    await upload(runOf(a, 'U-3'));
    await upload(runOf(b, 'U-3'));
    expect((await history('U-3')).at(-1).stage_no).toBe(3);
    await ok(api().post('/sn_stage_history', { sn_array: ['U-3'], stage_no: 1 }));
    await upload(runOf(b, 'U-3'));
    expect(await upload(runOf(b, 'U-3', { result: 0 }))).toMatchObject({ run_no: 2, stage_no: 1 });
    expect(await upload(runOf(a, 'U-3'))).toMatchObject({ run_no: 1, stage_no: 1 });
    expect(await upload(runOf(b, 'U-3'))).toMatchObject({ run_no: 3, stage_no: 3 });
  });

  it('starts run_no again after a jump, and a finished serial number can be jumped back to run', async () => {
    await ok(api().post('/sn_stage_history', { sn_array: ['U-1'], stage_no: 1 }));
    expect(await upload(runOf(a, 'U-1'))).toMatchObject({ run_no: 1, stage_no: 1 });
    expect(await upload(runOf(a, 'U-1'))).toMatchObject({ run_no: 2, stage_no: 1 });
    const runs = await runsOf('U-1');
    expect(runs.map((r: { is_first: boolean }) => r.is_first)).toEqual([true, true, true, false, false]);
  });

  it('answers a repeated upload as the first time, storing it once', async () => {
    const run = runOf(a, 'U-4');
    const first = await upload(run);
    expect(await upload(run)).toEqual(first);
    const [x, y] = await Promise.all([
      upload(runOf(b, 'U-4', { client_run_id: 'twin-1' })),
      upload(runOf(b, 'U-4', { client_run_id: 'twin-1' })),
    ]);
    expect(x).toEqual(y);
    expect(x).toMatchObject({ stage_no: 3, finished: false });
    // later repeats still answer what the first upload answered, though the stage moved on
    expect(await upload(run)).toEqual(first);
    expect((await runsOf('U-4')).map((r: { seq_id: number }) => r.seq_id)).toEqual([a.id, b.id]);
    const other = await api().post('/runner/runs', { ...run, sn: 'U-5' });
    expect([other.status, other.body.msg]).toEqual([
      409,
      `client_run_id ${run.client_run_id} was used for another run`,
    ]);
  });

  it('marks the first run of a test ever, also when an earlier run arrives late', async () => {
    const late = runOf(a, 'U-5', { result: 0 });
    const early = {
      ...runOf(a, 'U-5'),
      start_time: '2025-01-01T00:00:00Z',
      end_time: '2025-01-01T00:01:00Z',
    };
    await upload(late);
    expect((await runsOf('U-5')).map((r: { is_first: boolean }) => r.is_first)).toEqual([true]);
    await upload(early);
    expect((await runsOf('U-5')).map((r: { is_first: boolean }) => r.is_first)).toEqual([false, true]);
    // equal start times: the lower result is first, so aborting never hides a failure
    const tie = { start_time: '2024-06-01T00:00:00Z', end_time: '2024-06-01T00:01:00Z' };
    await upload(runOf(b, 'U-6', { ...tie, result: 1 }));
    await upload(runOf(b, 'U-6', { ...tie, result: 0 }));
    expect((await runsOf('U-6')).map((r: { is_first: boolean }) => r.is_first)).toEqual([false, true]);
  });

  it('records runs of an API token under its name, without a person', async () => {
    const res = await editorApi(t, manager).post('/user/api_tokens', {
      name: 'Line 3 PC',
      role: Role.Operator,
    });
    const token = res.body.data.token as string;
    const run = runOf(a, 'U-6');
    const answer = await ok<RunUploadAnswer>(editorApi(t, { ...operator, token }).post('/runner/runs', run));
    const [row] = await t().dataSource.query('SELECT user_id, user_name FROM run WHERE id = $1', [
      answer.run_id,
    ]);
    expect(row).toEqual({ user_id: null, user_name: 'token Line 3 PC' });
  });

  it('places a serial number added before its product had tests at the first stage of its first run', async () => {
    const product = await addProduct(editorApi(t, manager), 'Late tests');
    await addSerialNumbers(api(), product.id, ['L-1']);
    const seq = await addSeq(editorApi(t, manager), product.id, 'Only');
    await addStep(editorApi(t, manager), seq.id, ActionId.Delay);
    const [test] = await testsOf(api(), product.id, [seq]);
    const state = await ok(api().get(`/runner/sn?sn=L-1&product_id=${product.id}`));
    expect(state).toMatchObject({ stageNo: 1, finished: false, pending: [{ id: seq.id, nextRunNo: 1 }] });
    expect(await history('L-1')).toEqual([]);
    expect(await upload(runOf(test!, 'L-1'))).toMatchObject({ run_no: 1, stage_no: null, finished: true });
    expect((await history('L-1')).map((h: { reason: string }) => h.reason)).toEqual(['add', 'advance']);
  });

  it('judges SPC only for a test with frozen limits: an upload of another test sends no judge statement', async () => {
    const spc = t().app.get(SpcRepository);
    await addSerialNumbers(api(), line.product.id, ['J-1', 'J-2']);
    const judged = jest.spyOn(spc, 'judgeTargets');
    try {
      await upload(runOf(a, 'J-1'));
      expect(judged).not.toHaveBeenCalled();
      const frozenAt = new Date();
      await spc.freeze(manager.accountId!, {
        productId: line.product.id,
        seqId: a.id,
        title: PASS_STEPS[1]!.title,
        centre: 1,
        sigmaWithin: 1,
        baselineValues: 2,
        baselineFrom: frozenAt,
        baselineTo: frozenAt,
        zoneOffset: 0,
        frozenAt,
        frozenBy: null,
        frozenByName: 'fixture',
      });
      const answer = await upload(runOf(a, 'J-2'));
      expect(judged).toHaveBeenCalledTimes(1);
      expect(judged).toHaveBeenCalledWith(
        manager.accountId!,
        expect.objectContaining({ runId: answer.run_id }),
      );
      await upload(runOf(b, 'J-1'));
      expect(judged).toHaveBeenCalledTimes(1);
    } finally {
      judged.mockRestore();
      await t().dataSource.query('DELETE FROM spc_alarm WHERE account_id = $1', [manager.accountId]);
      await t().dataSource.query('DELETE FROM spc_limit WHERE account_id = $1', [manager.accountId]);
    }
  });
});
