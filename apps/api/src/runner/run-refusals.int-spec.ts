import type { RunUpload } from '@sweepline/domain';
import { ActionId, Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { addSeq, addStep, editorApi, ok } from '../editor/testing/editor-api';
import type { Line, LineTest } from './testing/runner-fixtures';
import { addSerialNumbers, PASS_STEPS, productWithTests, runOf, runRows } from './testing/runner-fixtures';

describeEachDatabase('run upload refusals (issue 5: nothing is stored)', (t) => {
  let manager: Member;
  let operator: Member;
  let stranger: Member;
  let line: Line;
  let other: Line;
  let a: LineTest;
  let late: LineTest;
  const api = () => editorApi(t, operator);
  const send = (run: object, member?: Member | 'nobody') =>
    editorApi(t, member === 'nobody' ? undefined : (member ?? operator)).post('/runner/runs', run);

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    stranger = await createManager(t());
    line = await productWithTests(editorApi(t, manager), 'Filter', [1, 2]);
    other = await productWithTests(editorApi(t, manager), 'Duplexer', [1]);
    [a, late] = line.tests as [LineTest, LineTest];
    await addSerialNumbers(api(), line.product.id, ['S-1', 'S-2', 'S-DONE']);
    await addSerialNumbers(api(), other.product.id, ['D-1']);
    await ok(
      api().post('/sn_stage_history', { sn_array: ['S-DONE'], stage_no: 2, product_id: line.product.id }),
    );
    await ok(api().post('/runner/runs', runOf(late, 'S-DONE')));
  });

  async function expectRefusals(cases: [RunUpload | object, number, string][]) {
    const before = await runRows(t, manager.accountId!);
    for (const [run, status, msg] of cases) {
      const res = await send(run);
      expect([res.status, res.body]).toEqual([status, { status: 0, msg, data: null }]);
    }
    expect(await runRows(t, manager.accountId!)).toEqual(before);
  }

  it('refuses runs the process does not allow', async () => {
    await expectRefusals([
      [runOf(a, 'NOPE'), 404, 'Serial number NOPE not found in product Filter'],
      [runOf(a, 's-1'), 404, 'Serial number s-1 not found in product Filter'],
      [runOf(a, 'D-1'), 404, 'Serial number D-1 not found in product Filter'],
      [runOf(late, 'S-1'), 409, `Serial number S-1 is at stage 1; test ${late.name} is stage 2`],
      [
        runOf(a, 'S-DONE'),
        409,
        'Serial number S-DONE has finished all stages: jump it to a stage to test it again',
      ],
      [
        runOf(a, 'S-1', { seq_version: a.version + 1 }),
        409,
        'The test changed since it was downloaded: download it again',
      ],
      [
        runOf(a, 'S-1', { product_id: other.product.id }),
        400,
        `product_id: Test ${a.name} is not a test of product ${other.product.id}`,
      ],
      [runOf({ ...a, id: 999999 }, 'S-1'), 404, 'Test not found'],
    ]);
  });

  it('refuses a run of a test that changed or is not complete', async () => {
    await ok(editorApi(t, manager).put(`/seq/name/${a.id}`, { name: 'Renamed' }));
    const draft = await addSeq(editorApi(t, manager), line.product.id, 'Draft');
    await addStep(editorApi(t, manager), draft.id, ActionId.GainMax);
    const [row] = await t().dataSource.query('SELECT version, stage_no FROM seq WHERE id = $1', [draft.id]);
    const draftTest = { id: draft.id, name: 'Draft', stageNo: row.stage_no, version: row.version };
    await ok(
      editorApi(t, manager).put(`/product/process_control/${line.product.id}`, {
        seq_array: [{ seq_id: draft.id, stage_no: 1, test_no: 9 }],
      }),
    );
    draftTest.version += 1;
    await expectRefusals([
      [runOf(a, 'S-1'), 409, 'The test changed since it was downloaded: download it again'],
      [runOf(draftTest, 'S-1'), 409, 'Test Draft is not complete: complete it before running it'],
    ]);
    await ok(editorApi(t, manager).delete(`/seq/${draft.id}`));
    a = { ...a, version: a.version + 1 };
  });

  it('refuses malformed results, naming the field', async () => {
    const run = (over: object) => ({ ...runOf(a, 'S-1'), ...over });
    const failed = PASS_STEPS.map((s, i) => (i === 1 ? { ...s, value: 4, result: 0 } : s));
    const points = (n: number) => Array.from({ length: n }, (_, i) => i);
    await expectRefusals([
      [run({ steps: 'x' }), 400, 'steps: Invalid value'],
      [run({ steps: [], result: 0 }), 400, 'result: The run failed but none of its step results failed'],
      [
        run({ steps: Array.from({ length: 5001 }, () => PASS_STEPS[1]) }),
        400,
        'steps: Up to 5000 step results',
      ],
      [
        run({ steps: [{ ...PASS_STEPS[1], result: 2 }] }),
        400,
        'steps[0].result: A step result is 1 (passed) or 0 (failed)',
      ],
      [run({ steps: [{ ...PASS_STEPS[1], value: [1] }] }), 400, 'steps[0].value: Invalid value'],
      [run({ steps: [{ ...PASS_STEPS[1], title: 7 }] }), 400, 'steps[0].title: Invalid value'],
      [run({ steps: [{ ...PASS_STEPS[1], extra: 1 }] }), 400, 'steps[0].extra: Unknown field'],
      [
        run({ steps: [{ ...PASS_STEPS[1], unit: 'u'.repeat(21) }] }),
        400,
        'steps[0].unit: No more than 20 characters',
      ],
      [run({ steps: failed }), 400, 'result: The run passed but step result 2 failed'],
      [run({ result: 0 }), 400, 'result: The run failed but none of its step results failed'],
      [run({ result: 2 }), 400, 'result: A run result is 1 (passed), 0 (failed) or -1 (aborted)'],
      [
        run({ start_time: 'yesterday' }),
        400,
        'start_time: A time in ISO 8601 with its zone, like 2025-11-23T09:12:03Z',
      ],
      [run({ end_time: '2000-01-01T00:00:00Z' }), 400, 'end_time: The run ends before it starts'],
      [run({ client_run_id: 'has space' }), 400, 'client_run_id: Up to 64 letters, digits and . _ : -'],
      [run({ sn: 'S 1' }), 400, 'sn: Invalid character'],
      [run({ seq_version: 0 }), 400, 'seq_version: A version is a whole number from 1'],
      [run({ seq_id: '1' }), 400, 'seq_id: Invalid id'],
      [run({ extra: 1 }), 400, 'extra: Unknown field'],
      [run({ traces: {} }), 400, 'traces: Invalid value'],
      [[run({})], 400, 'The body is not a run: an object with client_run_id, seq_id, seq_version, sn, …'],
      [
        run({ traces: [{ step_index: 3, freqs_MHz: [1], values: [1] }] }),
        400,
        'traces[0].step_index: No step result 3',
      ],
      [
        run({ traces: [{ step_index: 1, freqs_MHz: points(20_002), values: points(20_002) }] }),
        400,
        'traces[0].freqs_MHz: Up to 20001 points',
      ],
      [
        run({ traces: [{ step_index: 1, freqs_MHz: [1, 2], values: [1] }] }),
        400,
        'traces[0].values: As many values as frequencies',
      ],
      [
        run({ traces: [{ step_index: 1, freqs_MHz: [2, 1], values: [1, 1] }] }),
        400,
        'traces[0].freqs_MHz[1]: Frequencies must be in ascending order',
      ],
    ]);
  });

  it('takes bodies up to 16 MB', async () => {
    const before = await runRows(t, manager.accountId!);
    const huge = { ...runOf(a, 'S-1'), padding: 'x'.repeat(17 * 1024 * 1024) };
    const res = await send(huge);
    expect([res.status, res.body]).toEqual([
      413,
      { status: 0, msg: 'The request body is too large', data: null },
    ]);
    expect(await runRows(t, manager.accountId!)).toEqual(before);
  });

  it('is for members with a session or an API token, of the same account', async () => {
    const admin = await createMember(t(), null, Role.Admin);
    const before = await runRows(t, manager.accountId!);
    expect((await send(runOf(a, 'S-1'), 'nobody')).status).toBe(401);
    expect((await send(runOf(a, 'S-1'), admin)).status).toBe(403);
    const theirs = await send(runOf(a, 'S-1'), stranger);
    expect([theirs.status, theirs.body.msg]).toEqual([404, 'Test not found']);
    expect(await runRows(t, manager.accountId!)).toEqual(before);
  });
});
