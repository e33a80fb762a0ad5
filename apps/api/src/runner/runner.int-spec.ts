import request from 'supertest';
import type { RunnerProduct, RunnerSeq, RunnerSnState } from '@sweepline/domain';
import { ActionId, Role } from '@sweepline/domain';
import { CAL } from '@sweepline/domain/src/testing/step-fixtures';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { addProduct, addSeq, addStep, API, editorApi, ok } from '../editor/testing/editor-api';
import type { Line, LineTest } from './testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from './testing/runner-fixtures';

describeEachDatabase('runner calls (docs/requirements/runner.md#runner-calls)', (t) => {
  let manager: Member;
  let operator: Member;
  let stranger: Member;
  let token: string;
  let line: Line;
  let other: Line;
  let draftId: number;
  let emptyId: number;
  const api = () => editorApi(t, operator);
  const viaToken = () => editorApi(t, { ...operator, token });

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    stranger = await createManager(t());
    const editor = editorApi(t, manager);
    line = await productWithTests(editor, 'Filter', [2, 1, 2]);
    other = await productWithTests(editor, 'Amplifier', [1]);
    draftId = (await addSeq(editor, other.product.id, 'Draft')).id;
    await addStep(editor, draftId, ActionId.GainMax);
    emptyId = (await addSeq(editor, other.product.id, 'Empty')).id;
    await addProduct(editor, 'Nothing runnable');
    token = (await editor.post('/user/api_tokens', { name: 'Bench 1', role: Role.Operator })).body.data.token;
  });

  it('lists products with their complete tests in stage-test order, with versions (no release yet)', async () => {
    const products = await ok<RunnerProduct[]>(viaToken().get('/runner/products'));
    const [t1, t2, t3] = line.tests as [LineTest, LineTest, LineTest];
    expect(products).toEqual([
      { id: other.product.id, name: 'Amplifier', model: '', info: '', seqs: [other.tests[0]!] },
      {
        id: line.product.id,
        name: 'Filter',
        model: '',
        info: '',
        seqs: [
          { id: t2.id, name: t2.name, stageNo: 1, testNo: 2, version: t2.version, releaseNo: null },
          { id: t1.id, name: t1.name, stageNo: 2, testNo: 1, version: t1.version, releaseNo: null },
          { id: t3.id, name: t3.name, stageNo: 2, testNo: 3, version: t3.version, releaseNo: null },
        ],
      },
    ]);
    expect(await ok(editorApi(t, stranger).get('/runner/products'))).toEqual([]);
  });

  it('gives one complete test in full', async () => {
    const test = line.tests[0]!;
    const seq = await ok<RunnerSeq>(api().get(`/runner/seqs/${test.id}`));
    expect(seq).toMatchObject({
      id: test.id,
      productId: line.product.id,
      name: test.name,
      stageNo: 2,
      testNo: 1,
      version: test.version,
      cals: [CAL],
    });
    expect(seq.steps.map((s) => [s.actionId, s.isCompleted])).toEqual([
      [ActionId.InsertionLossMax, true],
      [ActionId.GainMax, true],
      [ActionId.Diff, true],
      [ActionId.Rejection, true],
    ]);
    expect(seq.steps[0]!.param).toMatchObject({ calId: CAL.id, sParam: 'S12' });
  });

  it('refuses a test that is not complete, saying why, and tests it may not see', async () => {
    const cases: [string, number, string][] = [
      [
        `/runner/seqs/${draftId}`,
        400,
        expect.stringMatching(/^Test Draft is not complete: step 1 \(Gain Max\): .+/),
      ],
      [`/runner/seqs/${emptyId}`, 400, 'Test Empty is not complete: it has no steps'],
      ['/runner/seqs/999999', 404, 'Test not found'],
      ['/runner/seqs/abc', 400, 'id: Invalid id'],
    ];
    for (const [path, status, msg] of cases) {
      const res = await api().get(path);
      expect([res.status, res.body.msg]).toEqual([status, msg]);
    }
    const theirs = await editorApi(t, stranger).get(`/runner/seqs/${line.tests[0]!.id}`);
    expect([theirs.status, theirs.body.msg]).toEqual([404, 'Test not found']);
  });

  it("tells a serial number's stage and pending tests, each with its next run_no", async () => {
    await addSerialNumbers(api(), line.product.id, ['P-1', 'SHARED']);
    await addSerialNumbers(api(), other.product.id, ['SHARED']);
    const [t1, t2, t3] = line.tests as [LineTest, LineTest, LineTest];
    const state = () => ok<RunnerSnState>(viaToken().get(`/runner/sn?sn=P-1`));
    expect(await state()).toEqual({
      sn: 'P-1',
      productId: line.product.id,
      productName: 'Filter',
      stageNo: 1,
      finished: false,
      pending: [
        {
          id: t2.id,
          name: t2.name,
          stageNo: 1,
          testNo: 2,
          version: t2.version,
          // no runner fetched it yet, so no release holds its draft
          releaseNo: null,
          isCompleted: true,
          nextRunNo: 1,
        },
      ],
    });
    await ok(api().post('/runner/runs', runOf(t2, 'P-1', { result: 0 })));
    expect((await state()).pending.map((p) => p.nextRunNo)).toEqual([2]);
    await ok(api().post('/runner/runs', runOf(t2, 'P-1')));
    await ok(api().post('/runner/runs', runOf(t1, 'P-1')));
    const stage2 = await state();
    expect([stage2.stageNo, stage2.pending.map((p) => [p.id, p.nextRunNo])]).toEqual([2, [[t3.id, 1]]]);
    await ok(api().post('/runner/runs', runOf(t3, 'P-1')));
    expect(await state()).toMatchObject({ stageNo: null, finished: true, pending: [] });
    // incomplete tests of the stage are pending too: a stage is passed when all its tests are
    const amplifier = await ok<RunnerSnState>(
      api().get(`/runner/sn?sn=SHARED&product_id=${other.product.id}`),
    );
    expect(amplifier.pending.map((p) => [p.name, p.testNo, p.isCompleted])).toEqual([
      [other.tests[0]!.name, 1, true],
      ['Draft', 2, false],
      ['Empty', 3, false],
    ]);
  });

  it('refuses serial numbers it cannot find', async () => {
    const cases: [string, number, string][] = [
      ['/runner/sn?sn=NOPE', 404, 'Serial number NOPE not found'],
      [
        '/runner/sn?sn=SHARED',
        400,
        'Serial number SHARED is in more than one product: choose the product (product_id)',
      ],
      [
        `/runner/sn?sn=NOPE&product_id=${line.product.id}`,
        404,
        'Serial number NOPE not found in product Filter',
      ],
      ['/runner/sn?sn=P-1&product_id=x', 400, 'product_id: Invalid id'],
      ['/runner/sn', 400, 'sn must be a string'],
      ['/runner/sn?sn=P-1&other=1', 400, 'other: property other should not exist'],
    ];
    for (const [path, status, msg] of cases) {
      const res = await api().get(path);
      expect([res.status, res.body.msg]).toEqual([status, msg]);
    }
    expect((await editorApi(t, stranger).get('/runner/sn?sn=P-1')).status).toBe(404);
  });

  it('needs a session or a token', async () => {
    for (const path of ['/runner/products', `/runner/seqs/${line.tests[0]!.id}`, '/runner/sn?sn=P-1']) {
      expect((await editorApi(t).get(path)).status).toBe(401);
      expect((await editorApi(t, { ...operator, token: 'swl_not-a-token' }).get(path)).status).toBe(401);
    }
  });

  describe('the upload route, served ahead of Nest (run-upload.route.ts)', () => {
    it('echoes a session token as every call does, and none for an API token', async () => {
      await addSerialNumbers(api(), line.product.id, ['R-1', 'R-2']);
      const bySession = await api().post('/runner/runs', runOf(line.tests[1]!, 'R-1'));
      expect([bySession.status, bySession.headers['x-auth-token']]).toEqual([201, operator.token]);
      const byToken = await viaToken().post('/runner/runs', runOf(line.tests[1]!, 'R-2'));
      expect([byToken.status, byToken.headers['x-auth-token']]).toEqual([201, undefined]);
      expect(byToken.body).toEqual({ status: 1, msg: '', data: expect.objectContaining({ run_no: 1 }) });
    });

    it('takes a bearer API token, as CI tools send one', async () => {
      await addSerialNumbers(api(), line.product.id, ['R-3']);
      const res = await request(t().http())
        .post(`${API}/runner/runs`)
        .set('authorization', `Bearer ${token}`)
        .send(runOf(line.tests[1]!, 'R-3'));
      expect(res.status).toBe(201);
    });

    it('leaves other methods and the attachments to the routes behind it', async () => {
      const get = await api().get('/runner/runs');
      expect([get.status, get.body.status]).toEqual([404, 0]);
      // the attachment route's own check, not the upload's
      const attach = await api().post('/runner/runs/999999999/attachments');
      expect([attach.status, attach.body.msg]).toEqual([400, 'step_index: Must be an integer']);
    });

    it('is described in the OpenAPI document with its request and answer', async () => {
      const { paths, components } = (await request(t().http()).get(`${API}/docs-json`)).body;
      const upload = paths[`${API}/runner/runs`].post;
      expect(upload.requestBody.content['application/json'].schema.$ref).toBe(
        '#/components/schemas/RunUploadDto',
      );
      expect(Object.keys(components.schemas.RunUploadDto.properties)).toEqual(
        expect.arrayContaining(['client_run_id', 'seq_id', 'seq_version', 'sn', 'steps', 'traces']),
      );
      expect(components.schemas.RunUploadAnswerDto).toBeDefined();
      expect(paths[`${API}/runner/runs/{id}/attachments`].post).toBeDefined();
    });
  });
});
