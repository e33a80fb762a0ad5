import type {
  LatestRun,
  PlotParam,
  RunnerSeq,
  RunUploadAnswer,
  SnReport,
  StepResult,
} from '@sweepline/domain';
import { ActionId, LATEST_RUNS, resultTitleOf, Role, stepPlotOf } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok, saveParam } from '../editor/testing/editor-api';
import type { Line, LineTest } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from '../runner/testing/runner-fixtures';

describeEachDatabase(
  'the Test Results screen before and across products (GET /report/latest, GET /report/sn/products)',
  (t) => {
    let manager: Member;
    let operator: Member;
    let stranger: Member;
    let filter: Line;
    let duplexer: Line;
    let strangers: Line;
    const api = (member = operator) => editorApi(t, member);
    const upload = async (test: LineTest, sn: string, result: 0 | 1 = 1, member = operator) =>
      (await ok<RunUploadAnswer>(api(member).post('/runner/runs', runOf(test, sn, { result })))).run_id;
    const everyProduct = (query: string, member = operator) =>
      ok<SnReport[]>(api(member).get(`/report/sn/products?${query}`));
    const latest = (member = operator) => ok<LatestRun[]>(api(member).get('/report/latest'));

    beforeAll(async () => {
      manager = await createManager(t());
      operator = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
      stranger = await createManager(t());
      filter = await productWithTests(editorApi(t, manager), 'Filter', [1]);
      duplexer = await productWithTests(editorApi(t, manager), 'Duplexer', [1]);
      strangers = await productWithTests(editorApi(t, stranger), 'Filter', [1]);
      await addSerialNumbers(api(), filter.product.id, ['BOTH', 'ONE']);
      await addSerialNumbers(api(), duplexer.product.id, ['BOTH', 'MANY']);
      await addSerialNumbers(api(stranger), strangers.product.id, ['BOTH']);
    });

    it("answers the account's latest runs, newest first, with product, test, serial number and result", async () => {
      expect(await latest()).toEqual([]);
      const first = await upload(filter.tests[0]!, 'ONE', 0);
      await upload(strangers.tests[0]!, 'BOTH', 1, stranger);
      const second = await upload(duplexer.tests[0]!, 'BOTH');
      const runs = await latest();
      expect(runs).toEqual([
        {
          runId: second,
          sn: 'BOTH',
          productId: duplexer.product.id,
          productName: 'Duplexer',
          seqName: duplexer.tests[0]!.name,
          result: 1,
          startTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          // an upload that names no release was made before releases, as far as results know
          release: null,
        },
        expect.objectContaining({ runId: first, sn: 'ONE', productName: 'Filter', result: 0 }),
      ]);
      // the other account sees its own run alone
      expect((await latest(stranger)).map((r) => r.sn)).toEqual(['BOTH']);
    });

    it("answers every product's runs of a serial number, the product tested last first, each in GET /report/sn's shape", async () => {
      const reports = await everyProduct('sn=BOTH&is_all=1');
      expect(reports.map((r) => [r.productName, r.reports.length > 0])).toEqual([
        ['Duplexer', true],
        ['Filter', false],
      ]);
      for (const report of reports)
        expect(Object.keys(report)).toEqual(['sn', 'productId', 'productName', 'reports']);
      const single = await ok<SnReport>(
        api().get(`/report/sn?sn=BOTH&is_all=1&product_id=${duplexer.product.id}`),
      );
      expect(reports[0]).toEqual(single);
      // the spec's call answers the product tested last, and says how many hold the serial number
      const spec = await ok<SnReport>(api().get('/report/sn?sn=BOTH&is_all=1'));
      expect(spec).toEqual({ ...single, productCount: 2 });
      expect((await ok<SnReport>(api().get('/report/sn?sn=ONE'))).productCount).toBe(1);
      await upload(filter.tests[0]!, 'BOTH', 0);
      const after = await everyProduct('sn=%20BOTH%20');
      expect(after.map((r) => [r.productName, r.reports.map((run) => run.result)])).toEqual([
        ['Filter', [0]],
        ['Duplexer', [1]],
      ]);
      expect((await everyProduct('sn=ONE')).map((r) => r.productName)).toEqual(['Filter']);
    });

    it('refuses an empty search and serial numbers it cannot see', async () => {
      const cases: [string, Member, number, string][] = [
        ['sn=', operator, 400, 'sn: Enter serial number'],
        ['sn=BOTH&is_all=2', operator, 400, 'is_all must be one of the following values: 0, 1'],
        ['sn=both', operator, 404, 'Serial number both not found'],
        ['sn=ONE', stranger, 404, 'Serial number ONE not found'],
      ];
      for (const [query, member, status, msg] of cases) {
        const res = await api(member).get(`/report/sn/products?${query}`);
        expect([res.status, res.body.msg]).toEqual([status, msg]);
      }
      expect((await editorApi(t).get('/report/latest')).status).toBe(401);
      expect((await editorApi(t).get('/report/sn/products?sn=BOTH')).status).toBe(401);
    });

    it(`answers the ${LATEST_RUNS} latest runs at most, across products`, async () => {
      const uploaded: number[] = [];
      for (let i = 0; i < LATEST_RUNS + 1; i++)
        // failed runs: a unit stays at its stage for the next
        uploaded.push(await upload((i % 2 ? filter : duplexer).tests[0]!, i % 2 ? 'ONE' : 'MANY', 0));
      const runs = await latest();
      expect(runs.map((r) => r.runId)).toEqual(uploaded.reverse().slice(0, LATEST_RUNS));
    });

    it("derives the StepPlot of a run stored without one from its test's step, and none once the test was edited", async () => {
      const test = filter.tests[0]!;
      const before = await ok<RunnerSeq>(api().get(`/runner/seqs/${test.id}`));
      const ilBefore = before.steps.find((s) => s.actionId === ActionId.InsertionLossMax)!;
      // the fixture's steps share one title, which names none of them
      await saveParam(editorApi(t, manager), ilBefore.id, {
        ...ilBefore.param,
        title: 'IL in band',
      } as never);
      const seq = await ok<RunnerSeq>(api().get(`/runner/seqs/${test.id}`));
      const il = seq.steps.find((s) => s.id === ilBefore.id)!;
      const row: StepResult = {
        title: resultTitleOf(il),
        isHeader: false,
        lower: null,
        upper: 1.2,
        value: 1.54,
        unit: 'dB',
        result: 0,
      };
      const recorded = { actionId: ActionId.InsertionLossMax, startFreq_MHz: 1, stopFreq_MHz: 2 };
      await addSerialNumbers(api(), filter.product.id, ['OLD-1']);
      const steps = [row, { ...row, title: 'Recorded', plot: recorded }];
      await ok(
        api().post('/runner/runs', runOf({ ...test, version: seq.version }, 'OLD-1', { result: 0, steps })),
      );
      const plotsNow = async () =>
        (await everyProduct('sn=OLD-1'))[0]!.reports[0]!.steps.map((step) => step.plot);
      const derived = stepPlotOf(il.actionId, il.param as PlotParam);
      expect(derived.startFreq_MHz).toBeDefined();
      expect(await plotsNow()).toEqual([derived, recorded]);
      // an edit may move the step's band: the run's own plot stays unknown, and no line is drawn
      await saveParam(editorApi(t, manager), il.id, il.param);
      expect(await plotsNow()).toEqual([undefined, recorded]);
    });
  },
);
