import type { LatestRun, RunUploadAnswer, SnReport } from '@sweepline/domain';
import { LATEST_RUNS, Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { Line, LineTest } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from '../runner/testing/runner-fixtures';

describeEachDatabase(
  'the Test Results screen before and across products (GET /report/latest, GET /report/sn/products)',
  (t) => {
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
      const manager = await createManager(t());
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
  },
);
